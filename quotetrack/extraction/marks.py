"""Pair quotation marks into quoted spans, paragraph by paragraph, by the marks' shape.

Unlike a global toggle, one unbalanced mark cannot derail the whole article: a paragraph end
closes an open quote (news style: a quote running over paragraphs leaves the opening mark
of the next paragraph as its only continuation sign).
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass

OPENING_DOUBLE = "“„«"
CLOSING_DOUBLE = "”»"
STRAIGHT_DOUBLE = '"'
_PARAGRAPH = re.compile(r"[^\n]+")


@dataclass(frozen=True)
class QuotedSpan:
    start: int  # content start, after the opening mark
    end: int  # content end, before the closing mark (or paragraph end when unclosed)
    paragraph: int
    closed: bool  # False: the paragraph ended first; the quote may continue in the next one


def paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank line; news scrapes put one paragraph on a line."""
    return [(m.start(), m.end()) for m in _PARAGRAPH.finditer(text) if m.group().strip()]


def _double_spans(text: str, start: int, end: int, index: int) -> list[QuotedSpan]:
    spans: list[QuotedSpan] = []
    open_at: int | None = None
    for i in range(start, end):
        char = text[i]
        # A straight mark opens when nothing is open and closes otherwise.
        if char in OPENING_DOUBLE or (char == STRAIGHT_DOUBLE and open_at is None):
            if open_at is not None and char != STRAIGHT_DOUBLE:
                # Two openings in a row: the first quote lost its closing mark.
                spans.append(QuotedSpan(open_at, i, index, closed=False))
            open_at = i + 1
        elif char in CLOSING_DOUBLE or char == STRAIGHT_DOUBLE:
            if open_at is None:  # a closing mark with no opening one: quoted from paragraph start
                spans.append(QuotedSpan(start, i, index, closed=True))
            else:
                spans.append(QuotedSpan(open_at, i, index, closed=True))
            open_at = None
    if open_at is not None:
        stop = end
        while stop > open_at and text[stop - 1].isspace():
            stop -= 1
        spans.append(QuotedSpan(open_at, stop, index, closed=False))
    return spans


# UK style uses single marks for quotes. An apostrophe ("Musk’s", "don't") is followed by
# a letter, so a closing single mark must be followed by a non-letter, and the quote may hold
# apostrophes: one before a letter ("don't", "we've"), or a plural's after an s and before a
# lower-case word ("for goodness' sake,'"). When reading the latter as an apostrophe leaves the
# quote unclosed, it was the closing mark after all ("called it 'a disaster for the farmers' and").
_WORD_APOSTROPHE = r"(?<=[A-Za-z])['’](?=[A-Za-z])"  # "don't"
_PLURAL_APOSTROPHE = r"(?<=s)['’](?= [a-z])"  # "goodness' sake"


def _single_quoted(apostrophe: str, closing: str) -> re.Pattern[str]:
    """An opening single mark, a letter, words that may hold `apostrophe`, and the `closing`
    mark, followed by no letter."""
    opening = r"(?:(?<=^)|(?<=[\s(\[—–-]))['‘]"
    return re.compile(rf"{opening}([A-Za-z](?:[^'‘’\n]|{apostrophe})*?[^\s'‘’]){closing}(?![A-Za-z])")


# A plural's apostrophe closes nothing when a lower-case word follows it ...
_SINGLE_QUOTED = _single_quoted(f"{_WORD_APOSTROPHE}|{_PLURAL_APOSTROPHE}", r"(?:(?<!s)['’]|['’](?! [a-z]))")
# ... unless that leaves the quote unclosed.
_SINGLE_QUOTED_PLAIN = _single_quoted(_WORD_APOSTROPHE, r"['’]")


def _single_spans(text: str, start: int, end: int, index: int) -> list[QuotedSpan]:
    chunk = text[start:end]
    strict = [m.span(1) for m in _SINGLE_QUOTED.finditer(chunk)]  # in order, never overlapping
    starts = [s for s, _ in strict]
    found = list(strict)
    for m in _SINGLE_QUOTED_PLAIN.finditer(chunk):
        # Overlaps a strict span if the last one starting before its end reaches past its start
        # (by bisection: a paragraph may hold thousands of quoted phrases).
        before = bisect_left(starts, m.end(1)) - 1
        if before < 0 or strict[before][1] <= m.start(1):
            found.append(m.span(1))
    return [
        QuotedSpan(start + s, start + e, index, closed=True) for s, e in sorted(found) if len(chunk[s:e].split()) >= 2
    ]


def quoted_spans(text: str) -> list[QuotedSpan]:
    """Every quoted span of `text`, in order. Single marks count only in paragraphs that use
    no double marks at all (inside double quotes they are nested quotes, part of the content)."""
    spans: list[QuotedSpan] = []
    for index, (start, end) in enumerate(paragraphs(text)):
        chunk = text[start:end]
        if any(c in chunk for c in OPENING_DOUBLE + CLOSING_DOUBLE + STRAIGHT_DOUBLE):
            spans.extend(_double_spans(text, start, end, index))
        else:
            spans.extend(_single_spans(text, start, end, index))
    return [s for s in spans if text[s.start : s.end].strip()]
