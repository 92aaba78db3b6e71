"""Is a lowercase string an English word? The lemmatizer tables of the spaCy pipeline and
WordNet's index, both already loaded for paraphrase matching (normalization/paraphrase.py).
Used by the text repair to tell a word that happens to end in "a" ("agenda", "camera") from
two words a scrape ran together ("effortsa clip": "efforts" + "a")."""

from __future__ import annotations

from functools import lru_cache

from .statements import STOP_WORDS


@lru_cache(maxsize=20_000)
def is_word(word: str) -> bool:
    """`word` (lowercase) is a stop word, a WordNet lemma, or an inflection the lemmatizer
    rules take back to a noun, verb or adjective it knows ("efforts" -> "effort")."""
    from .paraphrase import _tables, _wordnet_index  # loaded lazily: most texts never ask

    if word in STOP_WORDS or word in _wordnet_index():
        return True
    for index, exceptions, rules in _tables().values():
        if word in index or word in exceptions:
            return True
        for old, new in rules:
            if word.endswith(old) and (form := word[: len(word) - len(old)] + new) and form in index:
                return True
    return False
