"""The amounts a wording states and how exactly it states them, so that two outlets' numbers
can be told apart from two facts: "she had lost $410,000" and "she had lost more than
$400,000" report one loss, "six thousand people" and "6,214 people" one petition, "the
lowest in a decade" and "the lowest for ten years" one record; "killing 107" and "killing
170" are two reports."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache


class Bound(Enum):
    EXACT = "exact"
    AT_LEAST = "at_least"  # "more than 6,000", "over 40"
    AT_MOST = "at_most"  # "just under five", "nearly 60", "up to 12"
    ABOUT = "about"  # "about three", "some 400", "roughly 22"
    RANGE = "range"  # "thousands", "dozens": a scale, no figure


@dataclass(frozen=True)
class Amount:
    value: float
    bound: Bound = Bound.EXACT
    # What it counts, as the word after it ("people", "percent", "march"); "" when unsaid.
    unit: str = field(default="", compare=False)

    def admits(self, other: float) -> bool:
        """Whether this amount, as worded, could be a report of `other`. How far a hedge
        stretches: news rounds to a round figure ("more than 60" for 62 flights, "about a
        third" for 31 per cent), rarely by half of it."""
        v = self.value
        if not math.isfinite(v) or not math.isfinite(other):
            return other == v  # a run of digits too long for a float: no tolerance reaches it
        if self.bound is Bound.EXACT:
            return abs(other - v) <= 1e-9 * max(1.0, abs(v))  # "£6.1m" is 6,100,000; 2012 is not 2010
        if self.bound is Bound.AT_LEAST:
            return v <= other <= 1.5 * v
        if self.bound is Bound.AT_MOST:
            return 0.75 * v <= other <= v
        if self.bound is Bound.ABOUT:
            return 0.85 * v <= other <= 1.15 * v
        return v <= other < 1000 * v if v >= 100 else v <= other < 12 * v  # "thousands", "dozens"


def amounts_agree(a: Amount, b: Amount) -> bool:
    return a.admits(b.value) or b.admits(a.value)


# Hedges, read from the words just before a figure (longest first).
_HEDGES = {
    Bound.AT_LEAST: (
        "more than", "greater than", "at least", "upwards of", "in excess of", "just over", "over", "above",
    ),
    Bound.AT_MOST: (
        "less than", "fewer than", "just under", "just short of", "up to", "under", "nearly", "almost", "below",
    ),
    Bound.ABOUT: ("an estimated", "about", "around", "roughly", "approximately", "some", "close to", "estimated"),
}  # fmt: skip
_UNITS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
# "a decade", "a dozen": a figure written as a noun, after "a" / "one" only ("decades" is vague).
_COUNT_NOUNS = {"decade": 10, "dozen": 12, "century": 100}
_SCALES = {"hundred": 100, "thousand": 1e3, "million": 1e6, "billion": 1e9, "m": 1e6, "mn": 1e6, "bn": 1e9, "k": 1e3}
_VAGUE = {"dozens": 12, "hundreds": 100, "thousands": 1e3, "millions": 1e6, "billions": 1e9}
_FRACTIONS = {"half": 0.5, "third": 1 / 3, "quarter": 0.25}
_NOT_A_NUMBER_BEFORE_ONE = frozenset("no any every some each the this that which".split())
# "10:00" -> "10". Tried only where a run of digits starts: a bare (\d+) would be retried at
# every digit of a long run, quadratic on a hostile one (100,000 digits: 44 s).
_CLOCK_HOUR = re.compile(r"(?<!\d)(\d+):00")
_TOKEN = re.compile(r"\d[\d,]*(?:\.\d+)?|[a-z]+|%")
# Words after a figure that do not say what it counts.
_NOT_A_UNIT = frozenset("and or of to in on at for the a an by from with than as per since".split())


@lru_cache(maxsize=50_000)
def amounts(text: str) -> tuple[Amount, ...]:
    """Every amount `text` states, in order. A clock time's ":00" is dropped ("10:00" is 10)."""
    tokens = _TOKEN.findall(_CLOCK_HOUR.sub(r"\1", text.lower().replace("’", "'")))
    found: list[Amount] = []
    i = 0
    while i < len(tokens):
        value, used = _figure(tokens, i)
        if value is None:
            i += 1
            continue
        bound = Bound.RANGE if tokens[i] in _VAGUE else _hedge(tokens, i)
        ratio, more = _out_of(tokens, i + used, value)
        if ratio is not None:  # "four in five members": a share, as rounded as a percentage
            found.append(Amount(ratio, Bound.ABOUT if bound is Bound.EXACT else bound, "percent"))
            i += used + more
            continue
        found.append(Amount(value, bound, _unit(tokens, i + used)))
        i += used
    return tuple(found)


def _out_of(tokens: list[str], j: int, value: float) -> tuple[float | None, int]:
    """ "in five", "out of 14" after a figure: its share in per cent, and the tokens it takes."""
    link = 1 if tokens[j : j + 1] == ["in"] else 2 if tokens[j : j + 2] == ["out", "of"] else 0
    if not link or j + link >= len(tokens):
        return None, 0
    whole, used = _figure(tokens, j + link)
    if not whole or whole < value or tokens[j + link] in _VAGUE:
        return None, 0
    return 100 * value / whole, link + used


def _unit(tokens: list[str], j: int) -> str:
    after = tokens[j] if j < len(tokens) else ""
    if after in {"%", "percent"} or tokens[j : j + 2] == ["per", "cent"]:
        return "percent"
    if after.isalpha() and after not in _NOT_A_UNIT:
        return after.removesuffix("s")  # "48 hours" and "a 48-hour strike"
    return ""


def _figure(tokens: list[str], i: int) -> tuple[float | None, int]:
    """The figure starting at token `i` and how many tokens it takes, or (None, 0)."""
    token = tokens[i]
    before = tokens[i - 1] if i else ""
    if token[0].isdigit():
        value, used = float(token.replace(",", "")), 1
    elif token in _UNITS and not (token == "one" and before in _NOT_A_NUMBER_BEFORE_ONE):
        value, used = float(_UNITS[token]), 1
        while i + used < len(tokens) and tokens[i + used] in _UNITS and _UNITS[tokens[i + used]] < 10 <= value:
            value += _UNITS[tokens[i + used]]  # "twenty five"
            used += 1
    elif token in _COUNT_NOUNS and before in {"a", "one"}:
        return float(_COUNT_NOUNS[token]), 1
    elif token in _SCALES and len(token) > 2 and before in {"a", "one"}:  # "a thousand", not "a m"
        value, used = 1.0, 0
    elif token in _VAGUE:
        return float(_VAGUE[token]), 1
    elif token == "half" or (token in _FRACTIONS and tokens[i + 1 : i + 2] == ["of"]):  # not "a third time"
        return _FRACTIONS[token], 1
    else:
        return None, 0
    if tokens[i + used : i + used + 3] == ["and", "a", "half"]:
        value, used = value + 0.5, used + 3  # "six and a half per cent", "one and a half thousand"
    while i + used < len(tokens) and tokens[i + used] in _SCALES:
        value *= _SCALES[tokens[i + used]]  # "six thousand", "£6.1m", "$19-million"
        used += 1
    return value, used


def _hedge(tokens: list[str], i: int) -> Bound:
    if i and tokens[i - 1] in {"a", "one"} and not tokens[i][0].isdigit():
        i -= 1  # "more than a thousand"
    before = " ".join(tokens[max(0, i - 3) : i])
    for bound, phrases in _HEDGES.items():
        if any(before == p or before.endswith(" " + p) for p in phrases):
            return bound
    return Bound.EXACT


def numbers_disagree(a: str, b: str) -> bool:
    """Each wording states an amount the other could not be reporting, and two of those count
    the same thing (or one says not what): "killing 107" / "killing 170". Amounts of different
    things are details one outlet added ("on a turnout of 74 per cent" / "which employs about
    640 people" beside the same 82 per cent)."""
    found_a, found_b = amounts(a), amounts(b)
    only_a = [x for x in found_a if not any(amounts_agree(x, y) for y in found_b)]
    only_b = [y for y in found_b if not any(amounts_agree(x, y) for x in found_a)]
    return any(x.unit == y.unit or not x.unit or not y.unit for x in only_a for y in only_b)


# The words a figure is written in: digits ("1,400" is "1", "400" to words.words, "£31m" is
# "31m"), number words and their scales.
_DIGITS = re.compile(r"\d+(?:m|mn|bn|k)?")
_FIGURE_WORDS = frozenset(_UNITS) | {s for s in _SCALES if len(s) > 2} | frozenset(_VAGUE)


def is_figure_word(word: str) -> bool:
    """Whether `word` (as words.words gives it) writes part of a figure: "31m", "400",
    "fourteen", "hundred", "thousands"."""
    return word in _FIGURE_WORDS or _DIGITS.fullmatch(word) is not None


def shared_amounts(a: str, b: str) -> tuple[int, int, int]:
    """(amounts `a` states, amounts `b` states, pairs of them that agree, each amount in one
    pair at most): "31 million pounds ... 48 million pounds" and "£31m instead of £48m" state
    two amounts each, both agreeing. Counts below ten are left out, as the stop words "one" to
    "nine" are: "it's the Internet: 1, Scientology: 0" says no more than "the Internet is
    winning"."""
    found_a, found_b = _weighty(amounts(a)), _weighty(amounts(b))
    unused = list(found_b)
    agreeing = 0
    for x in found_a:
        match = next((y for y in unused if amounts_agree(x, y)), None)
        if match is not None:
            unused.remove(match)
            agreeing += 1
    return len(found_a), len(found_b), agreeing


def _weighty(found: tuple[Amount, ...]) -> list[Amount]:
    return [x for x in found if x.value >= 10 or x.value != int(x.value)]
