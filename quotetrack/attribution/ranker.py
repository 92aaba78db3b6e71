"""Decide each quote's speaker among its candidates with a trained model, and say how sure.

The sieves are precise where they fire and silent or wrong elsewhere; rules added for one
development article did not carry to news nobody tuned on (issue #18). Here the sieves only
propose: every candidate of a quote (`candidates.py`) gets P(it is the speaker) from a logistic
regression over its features, the most probable one is the speaker, and the confidence is that
probability recalibrated (Platt scaling) on quotes the model was not trained on, then shifted
by how much less often the proposing method is right on text nobody wrote rules from (rule_shift.py).

The model is a table of weights in `ranker.json`, written by `quotetrack train-ranker` with
cross-validation over articles (`quotetrack/measure/ranker_training.py`); reading it needs no scikit-learn.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from ..extraction.candidate import Candidate
from ..nlp import budget
from ..types import Method
from .context import Resolution
from .rule_shift import shifted
from .speaker_candidates import Article, SpeakerCandidate, SpeakerHistory, candidates_for

MODEL_FILE = Path(__file__).with_name("ranker.json")
# The candidate feature the calibration reads besides the score (candidates.py sets it).
PRIOR_FEATURE = "proposed_prior_logit"
# Evidence names the features that pushed a choice most.
EVIDENCE_FEATURES = 3


def independent(feature: str) -> bool:
    """A feature the second opinion may read: anything but the sieves' proposal."""
    return not feature.startswith("proposed")


@dataclass(frozen=True)
class SecondOpinion:
    """The same kind of model over the same candidates, blind to which one the sieves proposed:
    what the article alone says. Where it picks another candidate than the model, the sieve's
    answer stands on the sieve alone, and it is right less often (issue #39: 97% where they
    agree, 91% where they do not, cross-validated); the calibration reads the disagreement."""

    weights: dict[str, float]
    intercept: float

    def choice(self, choices: list[dict[str, float]]) -> int:
        """The candidate it finds most probable (the first on a tie, as Model.ranked)."""
        logits = [_linear(self.weights, self.intercept, features) for features in choices]
        return max(range(len(logits)), key=lambda i: (logits[i], -i))


@dataclass(frozen=True)
class Model:
    weights: dict[str, float]
    intercept: float
    # Platt scaling of the chosen candidate's probability:
    # sigmoid(a * logit(p) + b * margin + c + d * prior + e * disagrees), margin being logit(p)
    # minus the runner-up's logit (0 when it stands alone), prior the hand-set prior logit of the
    # sieve that proposed the candidate (0 for a candidate no sieve proposed), disagrees 1 when
    # the second opinion picks another candidate: the model's score says how well the candidate
    # fits, the prior how often that kind of evidence is right, the second opinion whether the
    # article alone points elsewhere.
    calibration: tuple[float, float, float, float, float]
    second: SecondOpinion | None = None

    def probability(self, features: dict[str, float]) -> float:
        return _sigmoid(self.logit(features))

    def logit(self, features: dict[str, float]) -> float:
        return _linear(self.weights, self.intercept, features)

    def ranked(self, choices: list[dict[str, float]]) -> tuple[int, float, float | None]:
        """The most probable of a quote's candidates (the first on a tie): its index, its logit and
        the runner-up's logit (None when it stands alone)."""
        logits = [self.logit(features) for features in choices]
        order = sorted(range(len(logits)), key=lambda i: -logits[i])
        return order[0], logits[order[0]], logits[order[1]] if len(order) > 1 else None

    def choose(self, choices: list[dict[str, float]]) -> tuple[int, float]:
        """The chosen candidate's index and its calibrated confidence, the second opinion read."""
        index, best, runner_up = self.ranked(choices)
        return index, self.confidence(best, runner_up, choices[index], self.disagrees(choices, index))

    def disagrees(self, choices: list[dict[str, float]], index: int) -> bool:
        """The second opinion picks another candidate than `index`."""
        return self.second is not None and self.second.choice(choices) != index

    def confidence(
        self, best: float, runner_up: float | None, features: dict[str, float], disagrees: bool = False
    ) -> float:
        """P(the chosen candidate is the speaker); `features` are the chosen candidate's."""
        a, b, c, d, e = self.calibration
        margin = best - runner_up if runner_up is not None else 0.0
        return _sigmoid(a * best + b * margin + c + d * features.get(PRIOR_FEATURE, 0.0) + e * disagrees)

    def to_json(self) -> dict:
        document: dict = {"intercept": self.intercept, "calibration": list(self.calibration), "weights": self.weights}
        if self.second is not None:
            document["second_opinion"] = {"intercept": self.second.intercept, "weights": self.second.weights}
        return document

    @classmethod
    def from_json(cls, data: dict) -> Model:
        # A model saved before the prior or the disagreement term has none.
        a, b, c, d, e = [*data["calibration"], 0.0, 0.0][:5]
        second = data.get("second_opinion")
        return cls(
            {k: float(v) for k, v in data["weights"].items()},
            float(data["intercept"]),
            (a, b, c, d, e),
            SecondOpinion({k: float(v) for k, v in second["weights"].items()}, float(second["intercept"]))
            if second is not None
            else None,
        )


# A model standing in for the shipped one, for evaluations that score articles with a model
# fitted on other articles only (benchmarks/speaker_identity.py runs the whole ingest that way).
_STAND_IN: ContextVar[Model | None] = ContextVar("ranker_stand_in", default=None)


@lru_cache(maxsize=1)
def shipped_model() -> Model | None:
    if not MODEL_FILE.exists():
        return None
    return Model.from_json(json.loads(MODEL_FILE.read_text(encoding="utf-8"))["model"])


def model_in_use() -> Model | None:
    """The stand-in model while one is set (`standing_in`), else the shipped one."""
    stand_in = _STAND_IN.get()
    return stand_in if stand_in is not None else shipped_model()


@contextmanager
def standing_in(model: Model) -> Iterator[None]:
    """Attribute with `model` instead of the shipped one inside the block (this thread only)."""
    token = _STAND_IN.set(model)
    try:
        yield
    finally:
        _STAND_IN.reset(token)


def rank(
    resolutions: list[tuple[Candidate, Resolution]], article: Article, model: Model
) -> list[tuple[Candidate, Resolution]]:
    """Each quote's speaker chosen by the model among its candidates, with the model's confidence.
    A quote with no candidate at all stays as the sieves left it (unresolved, confidence 0)."""
    ranked = []
    history = SpeakerHistory.of(resolutions)
    for index, (quote, proposal) in enumerate(resolutions):
        budget.check(article.doc, "attribution")  # a hostile article may hold thousands of quotes
        choices = candidates_for(index, resolutions, article, history)
        ranked.append((quote, decide(proposal, choices, model)))
    return ranked


def decide(proposal: Resolution, choices: list[SpeakerCandidate], model: Model) -> Resolution:
    if not choices:
        return replace(proposal, confidence=0.0)
    index, calibrated = model.choose([c.features for c in choices])
    best = choices[index]
    method = proposal.method if best.proposed else Method.RANKED
    # The model's calibration was fitted on development articles the rules were written from;
    # the method's rule shift says how much less often it is right on unseen text (rule_shift.py).
    confidence = round(shifted(calibrated, method), 3)
    if best.proposed:
        return replace(proposal, confidence=confidence)
    return Resolution(best.entry, proposal.mention, Method.RANKED, _evidence(best, model), confidence)


def _evidence(choice: SpeakerCandidate, model: Model) -> str:
    pushes = sorted(
        ((model.weights.get(name, 0.0) * value, name) for name, value in choice.features.items()), reverse=True
    )
    return "model: " + ", ".join(name for push, name in pushes[:EVIDENCE_FEATURES] if push > 0)


def _linear(weights: dict[str, float], intercept: float, features: dict[str, float]) -> float:
    return intercept + sum(weights.get(name, 0.0) * value for name, value in features.items())


def _sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
