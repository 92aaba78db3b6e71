"""Compare wordings of quotes: typography-blind tokens, shingles for retrieval, the relation
between two wordings, and a word-level diff. Pure functions, no database."""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_left
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import StrEnum
from functools import lru_cache

from rapidfuzz import fuzz

from .folding import fold

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


# Word pairs (len(a) x len(b)) up to which SequenceMatcher diffs two wordings whole. It is
# quadratic on repeated words (a 38,000-word quote: minutes), but its diffs are the ones shown
# so far: quotes run to a few hundred words, so every normal pair of wordings stays below this.
MAX_DIFF_PAIRS = 250_000
# Above it: common prefix and suffix, then words that occur once on each side as anchors
# (patience diff), and SequenceMatcher only on the gaps between anchors up to this many pairs.
GAP_PAIRS = 40_000
# A gap too large and without anchors (repeated words) is diffed in consecutive windows of
# about this many words on each side: linear, and exact where the two wordings run in step.
WINDOW_WORDS = 200
# Anchor passes per word of input before the rest goes to windows: bounds the whole diff to
# linear time, whatever the repetition pattern.
ANCHOR_PASSES = 8

_Opcode = tuple[str, int, int, int, int]


def word_diff(canonical: str, variant: str) -> list[dict[str, str]]:
    """Word-level differences from `canonical` to `variant`, typography ignored:
    [{"op": "equal" | "replace" | "delete" | "insert", "reference": ..., "wording": ...}]."""
    a, b = words(canonical), words(variant)
    return [
        {"op": op, "reference": " ".join(a[i1:i2]), "wording": " ".join(b[j1:j2])}
        for op, i1, i2, j1, j2 in word_opcodes(a, b)
    ]


def word_opcodes(a: list[str], b: list[str]) -> list[_Opcode]:
    """SequenceMatcher's opcodes for `a` -> `b` where that is cheap; a near-linear diff in
    the same form (adjacent equal runs and adjacent changes merged) on long wordings."""
    if len(a) * len(b) <= MAX_DIFF_PAIRS:
        return list(SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes())
    return _merged(_anchored(a, b))


def _anchored(a: list[str], b: list[str]) -> list[_Opcode]:
    ops: list[_Opcode] = []
    # Regions are taken from a stack in order: ("diff", region) to work on, ("equal", region) to emit.
    stack: list[tuple[str, int, int, int, int]] = [("diff", 0, len(a), 0, len(b))]
    passes_left = ANCHOR_PASSES * (len(a) + len(b))
    while stack:
        kind, alo, ahi, blo, bhi = stack.pop()
        if kind == "equal":
            ops.append(("equal", alo, ahi, blo, bhi))
            continue
        start_a, start_b = alo, blo
        while alo < ahi and blo < bhi and a[alo] == b[blo]:
            alo, blo = alo + 1, blo + 1
        if alo > start_a:
            ops.append(("equal", start_a, alo, start_b, blo))
        end_a, end_b = ahi, bhi
        while ahi > alo and bhi > blo and a[ahi - 1] == b[bhi - 1]:
            ahi, bhi = ahi - 1, bhi - 1
        if ahi < end_a:
            stack.append(("equal", ahi, end_a, bhi, end_b))
        if alo == ahi or blo == bhi:
            if alo < ahi or blo < bhi:
                ops.append(("replace", alo, ahi, blo, bhi))  # a delete or insert once merged
        elif (ahi - alo) * (bhi - blo) <= GAP_PAIRS:
            matcher = SequenceMatcher(a=a[alo:ahi], b=b[blo:bhi], autojunk=False)
            ops.extend((op, alo + i1, alo + i2, blo + j1, blo + j2) for op, i1, i2, j1, j2 in matcher.get_opcodes())
        else:
            passes_left -= (ahi - alo) + (bhi - blo)
            anchors = _anchors(a, b, alo, ahi, blo, bhi) if passes_left > 0 else []
            if not anchors:
                ops.extend(_windows(a, b, alo, ahi, blo, bhi))
                continue
            # Pushed last to first: the gap after the last anchor, then each anchor and the gap before it.
            bounds = [(alo, blo), *[(i + 1, j + 1) for i, j in anchors]]
            ends = [*anchors, (ahi, bhi)]
            for (i0, j0), (i1, j1) in reversed(list(zip(bounds, ends, strict=True))):
                if i1 < ahi:  # an anchor, not the region's end
                    stack.append(("equal", i1, i1 + 1, j1, j1 + 1))
                stack.append(("diff", i0, i1, j0, j1))
    return ops


def _anchors(a: list[str], b: list[str], alo: int, ahi: int, blo: int, bhi: int) -> list[tuple[int, int]]:
    """Words found exactly once in `a[alo:ahi]` and once in `b[blo:bhi]`, as (i, j) pairs, the
    longest run of them in the same order on both sides (patience sorting)."""
    in_a: dict[str, int] = {}
    for i in range(alo, ahi):
        in_a[a[i]] = -1 if a[i] in in_a else i
    in_b: dict[str, int] = {}
    for j in range(blo, bhi):
        in_b[b[j]] = -1 if b[j] in in_b else j
    pairs = [(i, in_b[a[i]]) for i in range(alo, ahi) if in_a[a[i]] == i and in_b.get(a[i], -1) >= 0]
    # Longest increasing subsequence of the b positions, in O(n log n).
    tails: list[int] = []  # tails[k]: index in `pairs` ending the best run of length k + 1 so far
    tail_positions: list[int] = []  # the b position of each
    previous = [-1] * len(pairs)
    for index, (_, j) in enumerate(pairs):
        k = bisect_left(tail_positions, j)
        if k > 0:
            previous[index] = tails[k - 1]
        if k == len(tails):
            tails.append(index)
            tail_positions.append(j)
        else:
            tails[k], tail_positions[k] = index, j
    run, index = [], tails[-1] if tails else -1
    while index >= 0:
        run.append(pairs[index])
        index = previous[index]
    return run[::-1]


def _windows(a: list[str], b: list[str], alo: int, ahi: int, blo: int, bhi: int) -> list[_Opcode]:
    """SequenceMatcher on consecutive windows, each side cut into the same number of parts."""
    count = -(-max(ahi - alo, bhi - blo) // WINDOW_WORDS)
    ops: list[_Opcode] = []
    for part in range(count):
        i0, i1 = alo + (ahi - alo) * part // count, alo + (ahi - alo) * (part + 1) // count
        j0, j1 = blo + (bhi - blo) * part // count, blo + (bhi - blo) * (part + 1) // count
        if i0 == i1 or j0 == j1:
            ops.append(("replace", i0, i1, j0, j1))
            continue
        matcher = SequenceMatcher(a=a[i0:i1], b=b[j0:j1], autojunk=False)
        ops.extend((op, i0 + x1, i0 + x2, j0 + y1, j0 + y2) for op, x1, x2, y1, y2 in matcher.get_opcodes())
    return ops


def _merged(ops: list[_Opcode]) -> list[_Opcode]:
    """Adjacent equal runs joined, and adjacent changes joined into one replace, delete or
    insert: the form SequenceMatcher gives (empty pieces dropped)."""
    merged: list[_Opcode] = []
    for op, i1, i2, j1, j2 in ops:
        if i1 == i2 and j1 == j2:
            continue
        change = op != "equal"
        if merged and (merged[-1][0] != "equal") == change:
            _, i1, _, j1, _ = merged.pop()
        if change:
            op = "replace" if i1 < i2 and j1 < j2 else "delete" if i1 < i2 else "insert"
        merged.append((op, i1, i2, j1, j2))
    return merged
