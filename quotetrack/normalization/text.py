"""Repair scraped text for parsing, keeping a map back to the original character offsets.

Scraping loses spaces between words ("Great BarringtonICE said", "Wu saidlaw enforcement",
"Trust Actwhich prohibits"). The parser then sees one unknown word and the attribution is
lost. We only ever *insert* spaces, so every character of the repaired text maps back to one
original offset and a journalist always sees the exact source wording.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

# A lowercase word run into an all-caps acronym: "BarringtonICE". Two+ lowercase letters
# before, so "iPhone", "McDonald" and "PhDs" are left alone.
_LOWER_THEN_ACRONYM = re.compile(r"(?<=[a-z]{2})(?=[A-Z]{2,}\b)")
# A reporting verb run into the next word: "saidlaw", "toldreporters".
_CUE_THEN_WORD = re.compile(r"\b(said|says|told|tells)(?=[a-z]{3,}\b)", re.IGNORECASE)
# A word run into a relative pronoun: "Actwhich", "residentswho".
_WORD_THEN_RELATIVE = re.compile(r"(?<=[a-z]{2})(?=(?:which|whom|whose)\b)")
# A sentence-final word glued to the next sentence ("said.The"); a lowercase letter before the
# period keeps abbreviations such as "U.S.A" and numbers apart.
_PERIOD_THEN_CAPITAL = re.compile(r"(?<=[a-z]{2}[.!?])(?=[A-Z][a-z])")

_REPAIRS = (_LOWER_THEN_ACRONYM, _CUE_THEN_WORD, _WORD_THEN_RELATIVE, _PERIOD_THEN_CAPITAL)
# A lone surrogate (broken UTF-16 in a scrape, or "\ud800" in JSON) cannot be encoded, and
# spaCy hashes every token as UTF-8. It becomes U+FFFD, one character for one: offsets hold.
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True)
class NormalizedText:
    original: str
    text: str
    insertions: tuple[int, ...]  # positions in `text` where a space was inserted, ascending

    def to_original(self, offset: int) -> int:
        """Map a repaired-text offset to the original text."""
        return offset - bisect_right(self.insertions, offset - 1)

    def span_to_original(self, start: int, end: int) -> tuple[int, int]:
        return self.to_original(start), self.to_original(end)


def _insert_points(text: str) -> list[int]:
    points: set[int] = set()
    for pattern in _REPAIRS:
        for match in pattern.finditer(text):
            points.add(match.end(1) if pattern is _CUE_THEN_WORD else match.start())
    return sorted(points)


def normalize(original: str) -> NormalizedText:
    """Insert the lost spaces in `original`; remember where, so offsets map back."""
    points = _insert_points(original)
    pieces, previous, insertions = [], 0, []
    for count, point in enumerate(points):
        pieces.append(original[previous:point])
        insertions.append(point + count)  # where the space lands in the repaired text
        pieces.append(" ")
        previous = point
    pieces.append(original[previous:])
    return NormalizedText(original, _LONE_SURROGATE.sub("\ufffd", "".join(pieces)), tuple(insertions))
