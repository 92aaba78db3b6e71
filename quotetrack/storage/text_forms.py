"""The stored forms of text that searches compare: a content hash, folded words, LIKE patterns."""

from __future__ import annotations

import hashlib
import re

from ..normalization.folding import fold


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fold_words(text: str) -> str:
    """Lowercase letters and digits separated by single spaces: the search form of a text."""
    return " ".join(re.findall(r"[a-z0-9]+", fold(text.replace("’", "'").replace("'", ""))))


def like_pattern(text: str) -> str:
    """A LIKE pattern (escape character backslash) matching `text` anywhere, its own % and _
    taken literally."""
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
