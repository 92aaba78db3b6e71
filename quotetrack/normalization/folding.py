"""Folding text for comparisons: one rule for names, wordings and lookups."""

from __future__ import annotations

import unicodedata


def fold(text: str) -> str:
    """Lowercase ASCII fold for comparisons ("Peña" -> "pena")."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower().strip()
