"""Words of a wording, as every comparison of statements reads them: typography-blind tokens,
stop words, crude stems, and the keys of the retrieval index (3-gram shingles and word stems)."""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache

from ..normalization.folding import fold
from ..normalization.lexicon import STOP_WORDS

SHINGLE_SIZE = 3

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")


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


def stem(word: str) -> str:
    """A crude stem, enough to match "deported"/"deportation", "assist"/"assisted"."""
    for suffix in ("ations", "ation", "ments", "ment", "ings", "ing", "ied", "ies", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> set[str]:
    return {stem(w) for w in words(text) if w not in STOP_WORDS and len(w) > 1}


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
        found.add(stem_key(stem(word)))
        for other in expand(word) if expand is not None else ():
            found.add(stem_key(stem(other)))
    return found


def index_keys(text: str) -> set[int]:
    """What the retrieval index stores for a wording: its 3-gram shingles and word stems."""
    return shingles(text) | stem_keys(text)
