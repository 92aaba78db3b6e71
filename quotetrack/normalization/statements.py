"""Compare wordings of quotes: typography-blind tokens, shingles for retrieval, the relation
between two wordings, and a word-level diff. Pure functions, no database."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import StrEnum
from functools import lru_cache

from rapidfuzz import fuzz

from ..attribution.names import fold

SHINGLE_SIZE = 3
# Two wordings are variants of one remark from this fuzzy similarity (0-100) on.
VARIANT_RATIO = 80
# A fragment must be this many words long to count as part of a longer wording.
MIN_FRAGMENT_WORDS = 3
# Paraphrase (reported speech): normalization/paraphrase.py, lemmas plus negation and number checks.

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
    return list(_words(text))


@lru_cache(maxsize=20_000)
def _words(text: str) -> tuple[str, ...]:
    # Linking and verify compare each candidate wording several ways: tokenise it once.
    return tuple(_WORD.findall(fold(text.replace("’", "'").replace("‘", "'"))))


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
    return {_hash(g) for g in grams if g}


def _hash(key: str) -> int:
    return int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big") >> 1


def stem_key(stem: str) -> int:
    """The index key of one content word's stem ("w deport"): a namespace of its own, so a
    stem never collides with a 3-gram."""
    return _hash("w " + stem)


def stem_keys(text: str, expand=None) -> set[int]:
    """Keys of the content words' crude stems: wordings that share few 3-grams but several
    words ("state troopers will not help with deportations") are still found. `expand`
    (word -> more words, e.g. WordNet synonyms) widens a look-up; stored wordings are indexed
    by their own words only."""
    found = set()
    for word in words(text):
        if word in STOP_WORDS or len(word) < 3:
            continue
        found.add(stem_key(_stem(word)))
        for other in expand(word) if expand is not None else ():
            found.add(stem_key(_stem(other)))
    return found


def index_keys(text: str) -> set[int]:
    """What the retrieval index stores for a wording: its 3-gram shingles and word stems."""
    return shingles(text) | stem_keys(text)


def _contains(longer: list[str], shorter: list[str]) -> bool:
    return _find(longer, shorter) is not None


def _find(longer: list[str], shorter: list[str]) -> int | None:
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
    from . import paraphrase  # it builds on this module's words()

    wa, wb = words(a), words(b)
    if not wa or not wb:
        return None
    if wa == wb:
        return Comparison(Relation.VERBATIM, 1.0)
    # Exact containment first: a word-for-word part of a wording is a fragment, however long,
    # unless it was cut just after a negation ("I do not support X" -> "support X").
    longer, shorter = (wa, wb) if len(wa) >= len(wb) else (wb, wa)
    start = _find(longer, shorter)
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
        if len(f) >= MIN_FRAGMENT_WORDS and (start := _find(wb, f)) is not None
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


def word_diff(canonical: str, variant: str) -> list[dict[str, str]]:
    """Word-level differences from `canonical` to `variant`, typography ignored:
    [{"op": "equal" | "replace" | "delete" | "insert", "reference": ..., "wording": ...}]."""
    a, b = words(canonical), words(variant)
    ops = []
    for op, i1, i2, j1, j2 in SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        ops.append({"op": op, "reference": " ".join(a[i1:i2]), "wording": " ".join(b[j1:j2])})
    return ops
