"""Repair scraped text for parsing, keeping a map back to the original character offsets.

Scraping loses spaces between words ("Great BarringtonICE said", "Wu saidlaw enforcement",
"Trust Actwhich prohibits") and the punctuation between clauses with them (an em dash lost in
"deportation effortsa clip that was recirculated": "efforts—a clip"). The parser then sees
one unknown word, the attribution is lost, and a reported clause runs on past its end into
the writer's aside. We only ever *insert* characters (or swap one for one: a typographic
apostrophe inside a word for a plain one), so every character of the original maps back to one
offset of the repaired text and a journalist always sees the exact source wording: quote spans
are cut from the original.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

from .lexicon import STOP_WORDS, is_word

# A lowercase word run into an all-caps acronym: "BarringtonICE". Two+ lowercase letters
# before, so "iPhone", "McDonald" and "PhDs" are left alone.
_LOWER_THEN_ACRONYM = re.compile(r"(?<=[a-z]{2})(?=[A-Z]{2,}\b)")
# ... and the acronym speaks ("BarringtonICE said"): it opens a clause of its own, so what
# was lost was a clause break, not only a space. A comma says so to the parser, which
# otherwise reads "Great Barrington ICE" as one name and ends the reported clause after it.
_ACRONYM_SPEAKS = re.compile(r"(?<=[a-z]{2})(?=[A-Z]{2,} (?:said|says|told|tells|added|adds|stated|wrote)\b)")
# A reporting verb run into the next word: "saidlaw", "toldreporters".
_CUE_THEN_WORD = re.compile(r"\b(said|says|told|tells)(?=[a-z]{3,}\b)", re.IGNORECASE)
# A word run into a relative pronoun: "Actwhich", "residentswho".
_WORD_THEN_RELATIVE = re.compile(r"(?<=[a-z]{2})(?=(?:which|whom|whose)\b)")
# A sentence-final word glued to the next sentence ("said.The"); a lowercase letter before the
# period keeps abbreviations such as "U.S.A" and numbers apart.
_PERIOD_THEN_CAPITAL = re.compile(r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])")
# A live blog's timestamp run into the name opening its entry: "9:12PMSmith", "21:40Smith".
_TIME_THEN_NAME = re.compile(r"(?:(?<=\d:\d\d)|(?<=\d[AaPp][Mm]))(?![AaPp][Mm]\b)(?=[A-Z][a-z])")
# A word run into an article opening the next phrase ("effortsa clip", "policethe city"):
# a dash (or a closing mark) between them was lost, since a space alone is rarely dropped
# inside a line. Candidates only; `_lost_dash_points` checks the words.
_WORD_THEN_ARTICLE = re.compile(r"\b([a-z]{3,})(a|an|the)(?= ([a-z]{3,})\b)")
# Informal spellings that are one word ending in "a", whatever the lexicon says.
_COLLOQUIAL = frozenset("kinda sorta lotsa coulda shoulda woulda musta oughta gotta wanna gonna".split())

_SPACE, _CLAUSE_BREAK, _DASH = " ", ", ", " — "
_REPAIRS = (
    (_LOWER_THEN_ACRONYM, _SPACE),
    (_CUE_THEN_WORD, _SPACE),
    (_WORD_THEN_RELATIVE, _SPACE),
    (_PERIOD_THEN_CAPITAL, _SPACE),
    (_TIME_THEN_NAME, _SPACE),
)
# A lone surrogate (broken UTF-16 in a scrape, or "\ud800" in JSON) cannot be encoded, and
# spaCy hashes every token as UTF-8. It becomes U+FFFD, one character for one: offsets hold.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# A typographic apostrophe inside a word ("D’Souza", "O’Brien-Kaur", "don’t") reads to the
# tagger as a closing quote mark: "D’Souza" becomes a common noun and "Mr D’Souza" a title
# alone. The parser sees the plain apostrophe, one character for one; stored wordings keep
# the original's.
_CURLY_APOSTROPHE = re.compile(r"(?<=[^\W\d_])\u2019(?=[^\W\d_])")


@dataclass(frozen=True)
class NormalizedText:
    original: str
    text: str
    insertions: tuple[int, ...]  # positions in `text` of every inserted character, ascending
    # Where a lost dash was put back (the position in `text` of the space before it): a
    # reported clause ends there, whatever the parse says (see `stops_at_lost_break`).
    breaks: tuple[int, ...] = ()

    def to_original(self, offset: int) -> int:
        """Map a repaired-text offset to the original text."""
        return offset - bisect_right(self.insertions, offset - 1)

    def as_written(self, words: str) -> str:
        """`words` read off the repaired text (a name, a title) with the typographic
        apostrophes the original has there: "D'Souza" back to "D’Souza"."""
        if "'" not in words or "\u2019" not in self.original:
            return words
        typographic = words.replace("'", "\u2019")
        return typographic if typographic in self.original else words

    def span_to_original(self, start: int, end: int) -> tuple[int, int]:
        return self.to_original(start), self.to_original(end)

    def stops_at_lost_break(self, start: int, end: int) -> int:
        """The end of a reported clause `start:end` (repaired offsets) cut at the first lost
        dash inside it. "said ... would not pay for the expansiona remark that was replayed
        ...": the parser hangs the writer's aside ("a remark that ...") on the clause as an
        apposition, so the stored wording ran past the speaker's words into it."""
        for point in self.breaks:
            if start < point < end:
                return point
        return end


def _lost_dash_points(text: str) -> dict[int, str]:
    """Where a word runs into "a", "an" or "the": the run is no word, its first part is one
    ("effortsa" = "efforts" + "a"; "agenda", "camera", "area" are words and stay), and the
    article is followed by a content word, as an article is (not "es", "of": other languages'
    words and names fall out here)."""
    points = {}
    for match in _WORD_THEN_ARTICLE.finditer(text):
        first, run, following = match.group(1), match.group(1) + match.group(2), match.group(3)
        if run in _COLLOQUIAL or is_word(run) or not is_word(first) or first in _COLLOQUIAL:
            continue
        if following in STOP_WORDS or not is_word(following):
            continue
        points[match.end(1)] = _DASH
    return points


def _insert_points(text: str) -> dict[int, str]:
    """Original offset -> the characters to insert there."""
    points: dict[int, str] = {}
    for pattern, insert in _REPAIRS:
        for match in pattern.finditer(text):
            points[match.end(1) if pattern is _CUE_THEN_WORD else match.start()] = insert
    for match in _ACRONYM_SPEAKS.finditer(text):
        points[match.start()] = _CLAUSE_BREAK
    points.update(_lost_dash_points(text))
    return points


def normalize(original: str) -> NormalizedText:
    """Insert the lost spaces and breaks in `original`; remember where, so offsets map back."""
    points = _insert_points(original)
    pieces: list[str] = []
    insertions: list[int] = []
    breaks: list[int] = []
    previous = 0
    for point in sorted(points):
        pieces.append(original[previous:point])
        at = point + len(insertions)  # where the insertion lands in the repaired text
        insertions.extend(range(at, at + len(points[point])))
        if points[point] == _DASH:
            breaks.append(at)
        pieces.append(points[point])
        previous = point
    pieces.append(original[previous:])
    repaired = _CURLY_APOSTROPHE.sub("'", _LONE_SURROGATE.sub("\ufffd", "".join(pieces)))
    return NormalizedText(original, repaired, tuple(insertions), tuple(breaks))
