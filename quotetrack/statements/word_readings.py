"""A word's dictionary readings, the same whatever paraphrase.py's switches say: its lemmas
(spaCy's rule lemmatizer tables), the WordNet phrase a window of words writes, and the synsets one
WordNet link away from a synset. Look-ups only, cached per process.
"""

from __future__ import annotations

from functools import lru_cache

from ..normalization.lexicon import data_lines, lemma_tables, wordnet_phrases
from .words import stem as _stem


@lru_cache(maxsize=200_000)
def lemmas(word: str) -> frozenset[str]:
    """Every lemma `word` can have as a noun, verb or adjective (spaCy's rule lemmatizer), or
    its crude stem when the tables know none of them."""
    found = set()
    for index, exceptions, rules in lemma_tables().values():
        if word in exceptions:
            found.update(exceptions[word])
            continue
        if word in index:
            found.add(word)
        for old, new in rules:
            if word.endswith(old):
                form = word[: len(word) - len(old)] + new
                if form and form in index:
                    found.add(form)
    return frozenset(found) if found else frozenset({_stem(word)})


@lru_cache(maxsize=100_000)
def _links(synset: str, lemma: str, links: frozenset[str]) -> frozenset[str]:
    """Synsets one WordNet link away from `synset` (for `lemma`): its hypernyms, and the
    synsets derivationally related to `lemma` in it ("deport" / "deportation"), as `links`
    asks. The shipped paraphrase measure asks for none (WORDNET_LINKS); the benchmark's
    variants and the alignment of counterparts (alignment.py) do."""
    data, starts = data_lines(synset[0])
    at = starts.get(int(synset[1:]))
    if at is None:
        return frozenset()
    chunk = data[at : data.index(b"\n", at)]
    fields = chunk.split(b"\n", 1)[0].decode("utf-8").split(" | ", 1)[0].split()
    count = int(fields[3], 16)
    members = [fields[4 + 2 * i].lower() for i in range(count)]
    at = 4 + 2 * count
    found = set()
    for i in range(int(fields[at])):
        symbol, target, pos, source_target = fields[at + 1 + 4 * i : at + 5 + 4 * i]
        key = ("a" if pos == "s" else pos) + target
        if symbol in ("@", "@i") and "hypernym" in links:
            found.add(key)
        elif symbol == "+" and "derivation" in links:
            source = int(source_target[:2], 16)
            if source and members[source - 1] == lemma:
                found.add(key)
    return frozenset(found)


@lru_cache(maxsize=200_000)
def _phrase(part: tuple[str, ...]) -> str | None:
    """The WordNet phrase `part` writes, inflected on its first word ("looked into") or its
    last ("court cases"), or None. Only asked of windows of one content word (see units)."""
    table = wordnet_phrases()
    written = " ".join(part)
    if written in table:
        return written
    for lemma in lemmas(part[0]):
        if (key := " ".join((lemma, *part[1:]))) in table:
            return key
    for lemma in lemmas(part[-1]):
        if (key := " ".join((*part[:-1], lemma))) in table:
            return key
    return None
