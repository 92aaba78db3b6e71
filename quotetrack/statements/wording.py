"""The relation between two wordings of a remark: verbatim, variant, fragment or paraphrase
(or none). Pure functions, no database."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rapidfuzz import fuzz

from . import paraphrase
from .words import words

# Two wordings are variants of one remark from this fuzzy similarity (0-100) on.
VARIANT_RATIO = 80
# A fragment must be this many words long to count as part of a longer wording.
MIN_FRAGMENT_WORDS = 3
# Paraphrase (reported speech): statements/paraphrase.py, lemmas plus negation and number checks.


class Relation(StrEnum):
    VERBATIM = "verbatim"
    VARIANT = "variant"
    FRAGMENT = "fragment"
    PARAPHRASE = "paraphrase"


# Strength order for picking the best relation.
# Relations of wordings alike but not word for word: what a veto (dates, an event undone, a
# possibility against a fact) can still set apart, where a quoted fragment keeps its link.
WORDED_APART = frozenset({Relation.PARAPHRASE, Relation.VARIANT})
RELATION_RANK = {Relation.VERBATIM: 4, Relation.VARIANT: 3, Relation.FRAGMENT: 2, Relation.PARAPHRASE: 1}


def _contains(longer: list[str], shorter: list[str]) -> bool:
    return find_fragment(longer, shorter) is not None


def find_fragment(longer: list[str], shorter: list[str]) -> int | None:
    """Word position of `shorter` inside `longer` (at least MIN_FRAGMENT_WORDS words), or None."""
    if len(shorter) < MIN_FRAGMENT_WORDS or len(shorter) > len(longer):
        return None
    joined = " " + " ".join(longer) + " "
    at = joined.find(" " + " ".join(shorter) + " ")
    return None if at < 0 else joined.count(" ", 0, at)  # words before the match


@dataclass(frozen=True)
class Comparison:
    relation: Relation
    similarity: float  # 0..1


def strongest(*comparisons: Comparison | None) -> Comparison | None:
    """The strongest of some comparisons (relation first, then similarity); None if none."""
    found = [c for c in comparisons if c is not None]
    return max(found, key=lambda c: (RELATION_RANK[c.relation], c.similarity), default=None)


def compare(a: str, b: str, reported: bool = False, fragments_a: tuple[str, ...] = ()) -> Comparison | None:
    """How wording `a` relates to wording `b`, or None when they are different remarks.

    `reported`: a or b is indirect or mixed speech, so paraphrase counts. `fragments_a`:
    the verbatim quoted fragments of `a` when it is a mixed quote.
    Symmetric in a and b except for `fragments_a`, which callers pass for the mixed side.
    """
    wa, wb = words(a), words(b)
    if not wa or not wb:
        return None
    if wa == wb:
        return Comparison(Relation.VERBATIM, 1.0)
    # Exact containment first: a word-for-word part of a wording is a fragment, however long,
    # unless it was cut just after a negation ("I do not support X" -> "support X").
    longer, shorter = (wa, wb) if len(wa) >= len(wb) else (wb, wa)
    start = find_fragment(longer, shorter)
    if start is not None:
        if paraphrase.negated_before(longer, start):
            return None
        return Comparison(Relation.FRAGMENT, len(shorter) / len(longer))
    fragment_words = [words(f) for f in fragments_a]
    quoted = sum(len(f) for f in fragment_words)
    # A mixed quote belongs with the wording its quoted fragments come from, when most of
    # what it quotes does ("use "every tool in the toolbox" to "protect our residents"").
    found = sum(
        len(f)
        for f in fragment_words
        if f and (_contains(wb, f) or (len(f) < MIN_FRAGMENT_WORDS and " ".join(f) in " ".join(wb)))
    )
    # The quoted words are the evidence here (a mixed quote may carry a second, negated
    # remark): only a negation just before a found fragment in `b` turns it around.
    negated = any(
        paraphrase.negated_before(wb, start)
        for f in fragment_words
        if len(f) >= MIN_FRAGMENT_WORDS and (start := find_fragment(wb, f)) is not None
    )
    if quoted and found / quoted > 0.5 and not negated:
        return Comparison(Relation.FRAGMENT, found / max(len(wb), 1))
    # Beyond word-for-word parts, a negated or number-changed wording is another remark,
    # however similar ("will not assist" / "will assist", "killing 107" / "killing 170"):
    # paraphrase_score checks it, and so does a variant before it is returned.
    ratio = fuzz.ratio(" ".join(wa), " ".join(wb))
    variant = ratio >= VARIANT_RATIO and paraphrase.conflict(a, b) is None
    if variant and not reported:
        return Comparison(Relation.VARIANT, ratio / 100)
    if reported:
        score = paraphrase.paraphrase_score(a, b)
        if score is not None:
            return Comparison(Relation.PARAPHRASE, score)
        if variant:
            return Comparison(Relation.VARIANT, ratio / 100)
    return None
