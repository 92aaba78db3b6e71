"""Word-level differences between two wordings, typography ignored: exact up to a size, then
near-linear (anchors and windows), so a hostile 38,000-word quote cannot stall verify."""

from __future__ import annotations

from bisect import bisect_left
from difflib import SequenceMatcher

from .words import words

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
