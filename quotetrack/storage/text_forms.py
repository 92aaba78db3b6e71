"""The stored forms of text that searches compare: a content hash, folded words, LIKE patterns."""

from __future__ import annotations

import hashlib

# The search form lives with folding (attribution's identity rules key names by it); read here
# by quote_search, quote_writes and statements.queries.
from ..normalization.folding import fold_words as fold_words


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def like_pattern(text: str) -> str:
    """A LIKE pattern (escape character backslash) matching `text` anywhere, its own % and _
    taken literally."""
    return "%" + text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
