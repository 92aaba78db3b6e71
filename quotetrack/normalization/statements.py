"""Compare wordings of quotes: typography-blind tokens, shingles for retrieval, the relation
between two wordings, and a word-level diff. Pure functions, no database."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import StrEnum

from rapidfuzz import fuzz

from ..attribution.names import fold

SHINGLE_SIZE = 3
# Two wordings are variants of one remark from this fuzzy similarity (0-100) on.
VARIANT_RATIO = 80
# A fragment must be this many words long to count as part of a longer wording.
MIN_FRAGMENT_WORDS = 3
# Paraphrase: shared content words, their share of the shorter wording and of the longer
# one (so a long quote does not absorb every short report that shares three words with it).
MIN_SHARED_CONTENT = 3
MIN_CONTENT_OVERLAP = 0.4
MIN_CONTENT_COVER = 0.25

STOP_WORDS = frozenset(
    """
a an the and or but if of to in on at by for with from as is are was were be been being it its this that these
those i we you he she they me us him her them my our your his their will would shall should can could may might
must do does did has have had not no so than then there here what which who whom whose when where why how all
any each some such very just also too about into over after before up down out off again once s t
""".split()
)
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


class Relation(StrEnum):
    VERBATIM = "verbatim"
    VARIANT = "variant"
    FRAGMENT = "fragment"
    PARAPHRASE = "paraphrase"


# Strength order for picking the best relation.
RELATION_RANK = {Relation.VERBATIM: 4, Relation.VARIANT: 3, Relation.FRAGMENT: 2, Relation.PARAPHRASE: 1}


def words(text: str) -> list[str]:
    """Lowercase words without typography: curly/straight marks, dashes, spacing, case and
    punctuation do not count; "we’re" and "we're" are one word."""
    return _WORD.findall(fold(text.replace("’", "'").replace("‘", "'")))


def canonical_form(text: str) -> str:
    return " ".join(words(text))


def _stem(word: str) -> str:
    """A crude stem, enough to match "deported"/"deportation", "assist"/"assisted"."""
    for suffix in ("ations", "ation", "ments", "ment", "ings", "ing", "ied", "ies", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> set[str]:
    return {_stem(w) for w in words(text) if w not in STOP_WORDS and len(w) > 1}


def shingles(text: str) -> set[int]:
    """Stable 63-bit hashes of word 3-grams (the whole wording when shorter): the keys of
    the retrieval index. Python's hash() is salted per process, so blake2b."""
    tokens = words(text)
    grams = [" ".join(tokens[i : i + SHINGLE_SIZE]) for i in range(max(1, len(tokens) - SHINGLE_SIZE + 1))]
    return {int.from_bytes(hashlib.blake2b(g.encode(), digest_size=8).digest(), "big") >> 1 for g in grams if g}


def _contains(longer: list[str], shorter: list[str]) -> bool:
    if len(shorter) < MIN_FRAGMENT_WORDS or len(shorter) > len(longer):
        return False
    joined = " " + " ".join(longer) + " "
    return " " + " ".join(shorter) + " " in joined


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
    # Exact containment first: a word-for-word part of a wording is a fragment, however long.
    if _contains(wa, wb) or _contains(wb, wa):
        return Comparison(Relation.FRAGMENT, min(len(wa), len(wb)) / max(len(wa), len(wb)))
    ratio = fuzz.ratio(" ".join(wa), " ".join(wb))
    if ratio >= VARIANT_RATIO and not reported:
        return Comparison(Relation.VARIANT, ratio / 100)
    fragment_words = [words(f) for f in fragments_a]
    quoted = sum(len(f) for f in fragment_words)
    # A mixed quote belongs with the wording its quoted fragments come from, when most of
    # what it quotes does ("use "every tool in the toolbox" to "protect our residents"").
    found = sum(
        len(f)
        for f in fragment_words
        if f and (_contains(wb, f) or (len(f) < MIN_FRAGMENT_WORDS and " ".join(f) in " ".join(wb)))
    )
    if quoted and found / quoted > 0.5:
        return Comparison(Relation.FRAGMENT, found / max(len(wb), 1))
    if reported:
        ca, cb = content_words(a), content_words(b)
        shared = len(ca & cb)
        overlap = shared / max(1, min(len(ca), len(cb)))
        cover = shared / max(1, len(ca), len(cb))
        if shared >= MIN_SHARED_CONTENT and overlap >= MIN_CONTENT_OVERLAP and cover >= MIN_CONTENT_COVER:
            return Comparison(Relation.PARAPHRASE, round(overlap, 3))
        if ratio >= VARIANT_RATIO:
            return Comparison(Relation.VARIANT, ratio / 100)
    return None


def word_diff(canonical: str, variant: str) -> list[dict[str, str]]:
    """Word-level differences from `canonical` to `variant`, typography ignored:
    [{"op": "equal" | "replace" | "delete" | "insert", "reference": ..., "wording": ...}]."""
    a, b = words(canonical), words(variant)
    ops = []
    for op, i1, i2, j1, j2 in SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        ops.append({"op": op, "reference": " ".join(a[i1:i2]), "wording": " ".join(b[j1:j2])})
    return ops
