"""Folding text for comparisons: one rule for names, wordings and lookups."""

from __future__ import annotations

import re
import unicodedata


def fold(text: str) -> str:
    """Lowercase ASCII fold for comparisons ("Peña" -> "pena")."""
    return ascii_letters(text).lower().strip()


def ascii_letters(text: str) -> str:
    """The text in ASCII, accents dropped and case kept ("Zürich" -> "Zurich")."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def fold_words(text: str) -> str:
    """Lowercase letters and digits separated by single spaces: the search form of a text."""
    return " ".join(re.findall(r"[a-z0-9]+", fold(text.replace("’", "'").replace("'", ""))))
