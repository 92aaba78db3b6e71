"""Folding text for comparisons: one rule for names, wordings and lookups."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lowercase ASCII fold for comparisons ("Peña" -> "pena")."""
    return ascii_letters(text).lower().strip()


def ascii_letters(text: str) -> str:
    """The text in ASCII, accents dropped and case kept ("Zürich" -> "Zurich")."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
