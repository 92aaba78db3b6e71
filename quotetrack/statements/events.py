"""Are two claims one event? Their frames (attribution/event_frames.py) share the predicate and
what it is done to, by reference, and nothing in their wordings turns one against the other.

- Predicate: the same lemma, WordNet synonyms (paraphrase.synonyms_match: "ignore" /
  "disregard", "release" / "free"; a phrasal verb by its own senses: "call off" / "cancel"),
  or verbs of one EVENT_CLASSES row: acts news reports in either word that WordNet's first
  senses keep apart ("arrested" / "detained" him).
- Patient: one key in common ("name:paz-munoz" for "him" and "De Paz-Munoz"; "noun:detainer"
  for "the request" the sentence's detainer and "the detainer"), or nouns that are synonyms.
- Agent: when both name someone (a person or organisation), one must be the same; a
  description ("police", "authorities") or a pronoun never vetoes.
- Events that did not happen: a negated frame ("he was not transferred to federal custody")
  matches only a negated or unrealized one ("released before agents could arrest him"), and
  an event done on one side and not on the other vetoes even a link the words make
  (`opposed`: "marshals arrested him" / "freed before marshals could arrest him").
- Vetoes: a negation on one side only or numbers that disagree (paraphrase.conflict), and
  dates in different months ("On Nov. 12 ... arrested" / "arrested ... in February": two
  arrests of one man, not one).
"""

from __future__ import annotations

import re
from functools import lru_cache

from . import paraphrase
from .numbers import numbers_disagree
from .words import words

_MONTHS = {
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4, "may": 5,
    "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8, "september": 9, "sep": 9, "sept": 9,
    "october": 10, "oct": 10, "november": 11, "nov": 11, "december": 12, "dec": 12,
}  # fmt: skip
# "May" the month is capitalised mid-sentence; "may" the verb is not. Month names count only
# written with a capital: "May" or "MAY", never "may". Matched case-sensitively (an
# IGNORECASE alternation costs ~30x more, and linking asks about every pair its words relate).
_MONTH_FORMS = {form: number for name, number in _MONTHS.items() for form in (name.capitalize(), name.upper())}
_MONTH_WORD = re.compile(r"\b(" + "|".join(sorted(_MONTH_FORMS, key=len, reverse=True)) + r")\b\.?")


@lru_cache(maxsize=20_000)
def months(text: str) -> frozenset[int]:
    return frozenset(_MONTH_FORMS[m.group(1)] for m in _MONTH_WORD.finditer(text))


# Verbs outlets use for one act done to one person or thing, which WordNet's first senses do
# not relate ("arrest" is a seizing there, "detain" a confining). Only predicates: the patient
# must still be one referent, so "detained the suspect" never meets "arrested the protester".
EVENT_CLASSES: tuple[frozenset[str], ...] = (
    frozenset("arrest detain apprehend nab capture jail imprison incarcerate".split()),
    frozenset("release free".split()),
    frozenset("fire dismiss sack oust".split()),
    frozenset("kill slay murder".split()),
    frozenset("deport expel".split()),
)
_EVENT_CLASS = {verb: row for row in EVENT_CLASSES for verb in row}


def predicates_match(a: str, b: str) -> bool:
    """One predicate: one lemma, WordNet synonyms, or one EVENT_CLASSES row."""
    if a == b or b in _EVENT_CLASS.get(a, ()):
        return True
    if " " in a or " " in b:  # a phrasal verb ("call off"): by its own senses, not its verb's
        return paraphrase.strict_synonyms_match(a, b)
    return paraphrase.synonyms_match(a, b)


def _keys_match(a: list[str], b: list[str]) -> bool:
    if set(a) & set(b):
        return True
    nouns_a = [k[5:] for k in a if k.startswith("noun:")]
    nouns_b = [k[5:] for k in b if k.startswith("noun:")]
    return any(paraphrase.synonyms_match(x, y) for x in nouns_a for y in nouns_b)


def _agents_differ(a: list[str], b: list[str]) -> bool:
    named_a = {k for k in a if k.startswith("name:")}
    named_b = {k for k in b if k.startswith("name:")}
    return bool(named_a and named_b and not named_a & named_b)


def different_events(a: dict | None, b: dict | None, patients_only: bool = False) -> bool:
    """Both claims have a frame and the frames name different events: another predicate
    (neither one lemma nor synonyms: "approved" / "rejected" the merger) or another patient
    ("released the report" / "released the detainee")."""
    if not a or not b:
        return False
    if not predicates_match(a["predicate"], b["predicate"]):
        return not patients_only
    return not _keys_match(a["patient"], b["patient"])


def months_differ(a: str, b: str) -> bool:
    """Both wordings name a month and no month in common: two dated events, however alike
    their words ("police arrested Reed in March" / "police arrested Reed in June")."""
    ma, mb = months(a), months(b)
    return bool(ma and mb and not ma & mb)


# A possibility ("could rise", "may try to claw back"): not a thing that happened, nor a plan.
_HEDGE = re.compile(r"\b(?:may|(?i:might|could))\b(?!\s+(?:not|never)\b|n['’]t)")
# Words that already put a wording out of plain fact (a modal, an ability, a likelihood, an
# expectation, a condition): a hedge beside one of them may be the same remark reworded ("might
# try" / "would attempt", "could take six weeks" / "was expected to take six weeks", "could face
# fines if ..." / "was looking at penalties if ...").
_MODAL_WORD = re.compile(
    r"\b(?:may|(?i:might|could|would|will|can|cannot|should|must|shall|able|unable|possible|possibly"
    r"|likely|unlikely|perhaps|maybe|potential|potentially|expect|expects|expected|expecting|if|unless))\b"
    r"|['’](?:d|ll)\b"
)


def hedged_apart(a: str, b: str) -> bool:
    """One wording hedges ("the number of affected accounts could rise"), the other states a
    plain fact with no modal at all ("2.1 million accounts were affected"): alike in words, two
    remarks. "May" the month is written with a capital and is no modal."""
    return _hedged(a) != _hedged(b) and not (_MODAL_WORD.search(a) and _MODAL_WORD.search(b))


@lru_cache(maxsize=20_000)
def _hedged(text: str) -> bool:
    return _HEDGE.search(text) is not None


def conflict(a: str, b: str) -> str | None:
    """Why two wordings cannot report one event: "negation", "number" or "date"; else None."""
    found = paraphrase.conflict(a, b)
    if found is not None:
        return found
    return "date" if months_differ(a, b) else None


def same_event(a_text: str, a: dict | None, b_text: str, b: dict | None) -> float | None:
    """How strongly claims `a_text` (frame `a`) and `b_text` (frame `b`) report one event,
    0..1 (the share of content words they also share, as paraphrase measures it; at least
    a small floor, since the words are not the evidence here), or None when they do not.

    Besides the main frames, a frame's unrealized events count ("released before agents
    could arrest him": an arrest that did not happen), as negated events: they match the
    other claim's negated main event or its own unrealized ones ("he was not taken into
    custody"), never an event that did happen."""
    if not a or not b or not words(a_text) or not words(b_text):
        return None
    for x, y in _frame_pairs(a, b):
        if not _one_event(x, y) or x.get("negated", False) != y.get("negated", False):
            continue
        main = x is a and y is b
        # Two main events: the wordings' own negations must agree. An unrealized event is
        # negated by its clause ("before ... could"), not by a word: numbers and dates only.
        found = conflict(a_text, b_text) if main else _numbers_or_months(a_text, b_text)
        if found is not None:
            continue
        # Both ways round: the measure breaks ties of length by argument order, linking must not.
        overlap = max(
            paraphrase.lexical_similarity(a_text, b_text)[1], paraphrase.lexical_similarity(b_text, a_text)[1]
        )
        return round(max(overlap, EVENT_FLOOR), 3)
    return None


def opposed(a: dict | None, b: dict | None) -> bool:
    """One claim says an event happened that the other says did not: the same predicate on
    the same patient, negated or unrealized on one side only ("marshals arrested him" /
    "he was freed before marshals could arrest him"). Words alike do not make them one remark."""
    if not a or not b:
        return False
    return any(_one_event(x, y) and x.get("negated", False) != y.get("negated", False) for x, y in _frame_pairs(a, b))


def _frame_pairs(a: dict, b: dict) -> list[tuple[dict, dict]]:
    """The main frames, then each side's main frame with the other's unrealized events, then
    the unrealized events of both (marked negated: they did not happen)."""
    ua = [{**f, "negated": True} for f in a.get("unrealized", ())]
    ub = [{**f, "negated": True} for f in b.get("unrealized", ())]
    return [(a, b), *((a, y) for y in ub), *((x, b) for x in ua), *((x, y) for x in ua for y in ub)]


def _one_event(a: dict, b: dict) -> bool:
    return (
        predicates_match(a["predicate"], b["predicate"])
        and _keys_match(a["patient"], b["patient"])
        and not _agents_differ(a["agent"], b["agent"])
    )


def _numbers_or_months(a: str, b: str) -> str | None:
    if numbers_disagree(a, b):
        return "number"
    return "date" if months_differ(a, b) else None


# The similarity of an event link whose wordings share almost no words: low, so a wording
# the words also relate wins a claim's strongest-neighbour choice over it.
EVENT_FLOOR = 0.2
