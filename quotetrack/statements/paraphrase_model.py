"""A learned paraphrase score (issue 40, item 3): P(wording b reports the same remark as wording a)
from a logistic regression over what the project already reads off a pair of wordings.

Vetoes first (`veto`), as linking already applies them to wordings alike but not word for word: a
negation on one side only, numbers that disagree (paraphrase.conflict), months named apart
(events.months_differ), a hedge against a plain fact (events.hedged_apart), an event done on one
side only by the frames (events.opposed). A vetoed pair is no paraphrase whatever its words; the
model is trained and used only on pairs nothing vetoes (as soft features the vetoes came out too
weak: a "from June" / "from July" pair scored over the threshold).

The features (`pair_features`), each in 0..1:
- lexical: the shipped measure's overlap and Dice (paraphrase.lexical_similarity: lemmas, WordNet
  synsets, names once, figures by value), its shared count (capped), the same overlap on lemmas
  and stems alone, and how much of the overlap only WordNet's synonyms give; whether the shipped
  measure says "paraphrase" (paraphrase.paraphrase_score); the fuzzy ratio of the word strings;
  amounts both state that agree (numbers.shared_amounts);
- shape: the shorter wording's length over the longer's, and the rare words (reprise.rare) both
  write word for word (capped);
- event frames, when the caller has them (attribution/event_frames.py, as linking keeps them on a
  claim): both have one, one event (events.same_event), another predicate or patient
  (events.different_events). Without frames these are 0.

The weights are a table in `paraphrase_model.json`, written by benchmarks/train_paraphrase_model.py
(scikit-learn at training time only); reading and scoring need no scikit-learn, only this module.
The JSON also holds the threshold, chosen on the training pairs' cross-validated probabilities as
the highest recall at precision >= 0.95.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rapidfuzz import fuzz

from . import events, paraphrase
from .numbers import shared_amounts
from .reprise import rare
from .words import words

MODEL_FILE = Path(__file__).with_name("paraphrase_model.json")
SHARED_CAP = 8  # shared content words count up to this many
RARE_CAP = 4  # rare words both wordings write, up to this many

FEATURES = (
    "overlap",
    "dice",
    "shared",
    "lemma_overlap",
    "synonym_gain",
    "shipped_says_paraphrase",
    "fuzzy_ratio",
    "amounts_agree",
    "length_ratio",
    "rare_shared",
    "frames_both",
    "event_same",
    "event_different",
)


def _is_synset(key: str) -> bool:
    return len(key) == 9 and key[0] in "nvar" and key[1:].isdigit()


def lemma_overlap(a: str, b: str) -> float:
    """The share of the shorter wording's content words that a word of the other matches by a
    lemma or crude stem alone (no WordNet synsets)."""
    ka, kb = _lemma_keys(a), _lemma_keys(b)
    short, long = (ka, kb) if len(ka) <= len(kb) else (kb, ka)
    if not short:
        return 0.0
    keys = frozenset().union(*long)
    return sum(1 for w in short if w & keys) / len(short)


@lru_cache(maxsize=50_000)
def _lemma_keys(text: str) -> tuple[frozenset[str], ...]:
    """Each content word's lemmas and stem: its keys without WordNet's synsets."""
    return tuple(frozenset(k for k in w.core if not _is_synset(k)) for w in paraphrase.features(text).content)


def _rare_shared(a: str, b: str) -> int:
    return len({w for w in words(a) if rare(w)} & {w for w in words(b) if rare(w)})


def _frame_features(a: str, frame_a: dict | None, b: str, frame_b: dict | None) -> dict[str, float]:
    if not frame_a or not frame_b:
        return {"frames_both": 0.0, "event_same": 0.0, "event_different": 0.0}
    return {
        "frames_both": 1.0,
        "event_same": float(events.same_event(a, frame_a, b, frame_b) is not None),
        "event_different": float(events.different_events(frame_a, frame_b)),
    }


def veto(a: str, b: str, frame_a: dict | None = None, frame_b: dict | None = None) -> str | None:
    """Why `a` and `b` cannot be one remark whatever the model says, as linking already rules for
    wordings alike but not word for word: "negation" or "number" (paraphrase.conflict), "date"
    (months named apart), "hedge" (a possibility against a plain fact), "event" (the frames say
    the event happened on one side only). None when nothing vetoes."""
    found = events.conflict(a, b)
    if found is not None:
        return found
    if events.hedged_apart(a, b):
        return "hedge"
    return "event" if events.opposed(frame_a, frame_b) else None


def pair_features(a: str, b: str, frame_a: dict | None = None, frame_b: dict | None = None) -> dict[str, float]:
    """The features of wordings `a` and `b` (and their event frames, if known), by name."""
    found = dict(_text_features(a, b) if a <= b else _text_features(b, a))  # symmetric: one cache entry
    found.update(_frame_features(a, frame_a, b, frame_b))
    return found


@lru_cache(maxsize=20_000)
def _text_features(a: str, b: str) -> tuple[tuple[str, float], ...]:
    wa, wb = words(a), words(b)
    # Both ways round: the measure breaks ties of length by argument order.
    forward = paraphrase.lexical_similarity(a, b)
    shared, overlap, dice = max(forward, paraphrase.lexical_similarity(b, a))
    lemmas_only = lemma_overlap(a, b)
    features = {
        "overlap": overlap,
        "dice": dice,
        "shared": min(shared, SHARED_CAP) / SHARED_CAP,
        "lemma_overlap": lemmas_only,
        "synonym_gain": max(0.0, overlap - lemmas_only),
        "shipped_says_paraphrase": float(_shipped_says(forward, a, b)),
        "fuzzy_ratio": fuzz.ratio(" ".join(wa), " ".join(wb)) / 100,
        "amounts_agree": float(shared_amounts(a, b)[2] > 0),
        "length_ratio": min(len(wa), len(wb)) / max(len(wa), len(wb), 1),
        "rare_shared": min(_rare_shared(a, b), RARE_CAP) / RARE_CAP,
    }
    return tuple(features.items())


def _shipped_says(similarity: tuple[int, float, float], a: str, b: str) -> bool:
    """paraphrase.paraphrase_score(a, b) is not None, from its lexical_similarity(a, b) already read."""
    shared, overlap, dice = similarity
    if shared < paraphrase.MIN_SHARED or overlap < paraphrase.MIN_OVERLAP or dice < paraphrase.MIN_DICE:
        return False
    return paraphrase.conflict(a, b) is None


@dataclass(frozen=True)
class Model:
    """A logistic regression: P = sigmoid(intercept + sum of weight * feature); `threshold`
    the probability from which a pair is called one remark."""

    weights: dict[str, float]
    intercept: float
    threshold: float

    def logit(self, features: dict[str, float]) -> float:
        return self.intercept + sum(self.weights.get(name, 0.0) * value for name, value in features.items())

    def probability(self, features: dict[str, float]) -> float:
        z = self.logit(features)
        return 1 / (1 + math.exp(-z)) if z >= 0 else math.exp(z) / (1 + math.exp(z))

    def to_json(self) -> dict:
        return {
            "features": list(FEATURES),
            "weights": {name: round(self.weights.get(name, 0.0), 4) for name in FEATURES},
            "intercept": round(self.intercept, 4),
            "threshold": round(self.threshold, 4),
        }

    @classmethod
    def from_json(cls, data: dict) -> Model:
        unknown = set(data["weights"]) - set(FEATURES)
        if unknown:
            raise ValueError(f"paraphrase model: unknown features {sorted(unknown)}")
        return cls(
            {k: float(v) for k, v in data["weights"].items()}, float(data["intercept"]), float(data["threshold"])
        )


def load(path: Path = MODEL_FILE) -> Model:
    return Model.from_json(json.loads(path.read_text(encoding="utf-8")))


@lru_cache(maxsize=1)
def shipped() -> Model:
    return load()


def paraphrase_probability(a: str, b: str, frame_a: dict | None = None, frame_b: dict | None = None) -> float:
    """P(`a` and `b` are one remark), by the shipped weights."""
    return shipped().probability(pair_features(a, b, frame_a, frame_b))


def learned_paraphrase_score(a: str, b: str, frame_a: dict | None = None, frame_b: dict | None = None) -> float | None:
    """The probability when it reaches the shipped threshold and nothing vetoes the pair, else
    None: a drop-in for paraphrase.paraphrase_score (which returns the overlap or None)."""
    if veto(a, b, frame_a, frame_b) is not None:
        return None
    p = paraphrase_probability(a, b, frame_a, frame_b)
    return round(p, 3) if p >= shipped().threshold else None


def learned_paraphrase_overlap(
    a: str, b: str, frame_a: dict | None = None, frame_b: dict | None = None
) -> float | None:
    """The model decides, the shipped measure's overlap is the similarity: what
    wording.compare's paraphrase branch would call in place of paraphrase.paraphrase_score to keep
    linking's strongest-neighbour ranking on today's scale (anchors, event links and alignment
    weigh their links on it). None when vetoed or under the threshold."""
    if learned_paraphrase_score(a, b, frame_a, frame_b) is None:
        return None
    return round(pair_features(a, b)["overlap"], 3)
