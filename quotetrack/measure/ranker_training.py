"""Train the candidate model on gold articles, and measure it on articles it never saw.

Every figure this module reports is cross-validated over articles: the articles are split into
folds, and each fold is scored by a model (and a calibration) fitted on the other folds only.
The shipped model is then fitted on all the articles, and its calibration on the out-of-fold
scores, so the confidence a user sees was also learnt from quotes the model had not been fitted on.

Needs scikit-learn (the dev extra); the service only reads the weights (`attribution/ranker.py`).
It lives above attribution, beside the scorer it measures with (`evaluation.py`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace

from spacy.language import Language

from ..attribution.attribute import build_table, propose
from ..attribution.calibration import confidence as sieve_confidence
from ..attribution.ranker import MODEL_FILE, PRIOR_FEATURE, Model, SecondOpinion, independent
from ..attribution.rule_shift import shifted
from ..attribution.speaker_candidates import Article, SpeakerHistory, candidates_for
from ..attribution.table import Entry
from ..extraction import find_candidates
from ..normalization.text import normalize
from ..types import Method
from .evaluation import GoldArticle, Report, Span, evaluate, match, organisation_acronyms, speaker_right

FOLDS = 5
REGULARISATION = 1.0  # scikit-learn's C; fixed, not tuned on the folds it is scored on


@dataclass(frozen=True)
class Choice:
    name: str
    acronyms: tuple[str, ...]
    features: dict[str, float]
    proposed: bool


@dataclass(frozen=True)
class QuoteExample:
    span: Span  # the predicted quote with the sieves' speaker
    choices: list[Choice]


@dataclass(frozen=True)
class ArticleExamples:
    gold: GoldArticle
    quotes: list[QuoteExample]

    def labelled(self) -> list[tuple[QuoteExample, list[bool]]]:
        """Quotes that match a gold quote, each choice marked right or wrong."""
        by_span = {id(q.span): q for q in self.quotes}
        return [
            (by_span[id(p)], [speaker_right(c.name, g, acronyms=c.acronyms) for c in by_span[id(p)].choices])
            for p, g in match([q.span for q in self.quotes], self.gold.quotes)
        ]


def collect(articles: list[GoldArticle], nlp: Language) -> list[ArticleExamples]:
    """Extract every article once: its quotes, the sieves' proposals and every quote's candidates."""
    collected = []
    for article in articles:
        normalized = normalize(article.text)
        doc = nlp(normalized.text)
        found = find_candidates(doc)
        table = build_table(doc, found.mask, found.candidates)
        proposed = propose(found.candidates, table, found.mask, found.paragraph_of)
        context = Article.of(doc, table, found.mask, found.paragraph_of)
        history = SpeakerHistory.of(proposed)
        quotes = []
        for index, (candidate, resolution) in enumerate(proposed):
            start, end = normalized.span_to_original(candidate.start, candidate.end)
            choices = [
                Choice(c.entry.name, _acronyms(c.entry), c.features, c.proposed)
                for c in candidates_for(index, proposed, context, history)
            ]
            entry = resolution.entry
            span = Span(
                start,
                end,
                article.text[start:end],
                candidate.kind.value,
                entry.name if entry is not None else None,
                _acronyms(entry) if entry is not None else (),
                resolution.method.value,
                sieve_confidence(resolution.method),
            )
            quotes.append(QuoteExample(span, choices))
        collected.append(ArticleExamples(article, quotes))
    return collected


def _acronyms(entry: Entry) -> tuple[str, ...]:
    """The organisation's other names the scorer accepts, read as `quotetrack eval` reads them."""
    return organisation_acronyms(entry.speaker())


# -- fitting ------------------------------------------------------------------------------
def fit(examples: list[ArticleExamples], folds: int = FOLDS) -> Model:
    """A model and its second opinion fitted on `examples`, calibrated on their own out-of-fold
    scores over them."""
    weights, intercept = _fit_weights(examples)
    outcomes = [o for fold in _folds(examples, folds) for o in _scored(_fit_uncalibrated(fold[0]), fold[1])]
    return Model(weights, intercept, _fit_platt(outcomes), _fit_second_opinion(examples))


def cross_validate(examples: list[ArticleExamples], folds: int = FOLDS) -> dict[str, list[Span]]:
    """Every article's quotes with the speaker and confidence of a model that never saw it
    (its calibration fitted within the training folds too). Keyed by article name."""
    models = out_of_fold_models(examples, folds)
    return {article.gold.name: predict(article, models[article.gold.name]) for article in examples}


def out_of_fold_models(examples: list[ArticleExamples], folds: int = FOLDS) -> dict[str, Model]:
    """Article name -> the model (and calibration) fitted on the folds without that article."""
    models: dict[str, Model] = {}
    for train, test in _folds(examples, folds):
        model = fit(train, folds)
        models.update({article.gold.name: model for article in test})
    return models


def predict(article: ArticleExamples, model: Model) -> list[Span]:
    spans = []
    for quote in article.quotes:
        if not quote.choices:
            spans.append(_with(quote.span, quote.span.speaker, quote.span.speaker_aliases, quote.span.method, 0.0))
            continue
        index, calibrated = model.choose([c.features for c in quote.choices])
        best = quote.choices[index]
        method = quote.span.method if best.proposed else Method.RANKED.value
        confidence = shifted(calibrated, Method(method)) if method is not None else calibrated
        spans.append(replace(_with(quote.span, best.name, best.acronyms, method, confidence), calibrated=calibrated))
    return spans


def _with(span: Span, speaker: str | None, acronyms: tuple[str, ...], method: str | None, conf: float) -> Span:
    return Span(span.start, span.end, span.text, span.kind, speaker, acronyms, method, conf)


def _folds(examples: list[ArticleExamples], folds: int) -> list[tuple[list[ArticleExamples], list[ArticleExamples]]]:
    """Folds by article, assigned in name order so that a rerun splits the same way."""
    ordered = sorted(examples, key=lambda a: a.gold.name)
    return [
        ([a for i, a in enumerate(ordered) if i % folds != k], [a for i, a in enumerate(ordered) if i % folds == k])
        for k in range(folds)
    ]


def _fit_uncalibrated(examples: list[ArticleExamples]) -> Model:
    weights, intercept = _fit_weights(examples)
    return Model(weights, intercept, (1.0, 0.0, 0.0, 0.0, 0.0), _fit_second_opinion(examples))


def _fit_second_opinion(examples: list[ArticleExamples]) -> SecondOpinion:
    weights, intercept = _fit_weights(examples, independent)
    return SecondOpinion(weights, intercept)


def _fit_weights(
    examples: list[ArticleExamples], reads: Callable[[str], bool] = lambda feature: True
) -> tuple[dict[str, float], float]:
    """Logistic regression over every candidate of every matched quote; `reads` says which
    features it may use."""
    from sklearn.linear_model import LogisticRegression

    rows, labels = [], []
    for article in examples:
        for quote, rights in article.labelled():
            for choice, right in zip(quote.choices, rights, strict=True):
                rows.append({name: value for name, value in choice.features.items() if reads(name)})
                labels.append(right)
    names = sorted({name for row in rows for name in row})
    matrix = [[row.get(name, 0.0) for name in names] for row in rows]
    model = LogisticRegression(C=REGULARISATION, max_iter=5000)
    model.fit(matrix, labels)
    weights = {name: round(float(w), 4) for name, w in zip(names, model.coef_[0], strict=True) if abs(w) > 1e-6}
    return weights, round(float(model.intercept_[0]), 4)


def _scored(model: Model, examples: list[ArticleExamples]) -> list[tuple[float, float, float, bool, bool]]:
    """(best logit, margin over the runner-up, the chosen candidate's sieve prior, whether the
    second opinion disagrees, right) for every matched quote with a candidate."""
    outcomes = []
    for article in examples:
        for quote, rights in article.labelled():
            if not quote.choices:
                continue
            features = [c.features for c in quote.choices]
            index, best_logit, runner_up = model.ranked(features)
            margin = best_logit - runner_up if runner_up is not None else 0.0
            prior = quote.choices[index].features.get(PRIOR_FEATURE, 0.0)
            outcomes.append((best_logit, margin, prior, model.disagrees(features, index), rights[index]))
    return outcomes


def _fit_platt(outcomes: list[tuple[float, float, float, bool, bool]]) -> tuple[float, float, float, float, float]:
    from sklearn.linear_model import LogisticRegression

    if len({right for *_, right in outcomes}) < 2:
        return 1.0, 0.0, 0.0, 0.0, 0.0  # too few quotes to tell right from wrong: the model's own probability
    platt = LogisticRegression(C=100.0, max_iter=5000)
    rows = [[logit, margin, prior, float(disagrees)] for logit, margin, prior, disagrees, _ in outcomes]
    platt.fit(rows, [right for *_, right in outcomes])
    a, b, d, e = (round(float(w), 4) for w in platt.coef_[0])
    return a, b, round(float(platt.intercept_[0]), 4), d, e


# -- reports ------------------------------------------------------------------------------
def report(examples: list[ArticleExamples], spans_of: Callable[[ArticleExamples], list[Span]], system: str) -> Report:
    by_text = {a.gold.text: spans_of(a) for a in examples}
    return evaluate([a.gold for a in examples], lambda text: by_text[text], system)


def save(model: Model, sources: list[str], cross_validated: dict[str, float]) -> None:
    document = {
        "trained_on": sources,
        "folds": FOLDS,
        "regularisation": REGULARISATION,
        "cross_validated": cross_validated,
        "model": model.to_json(),
    }
    MODEL_FILE.write_text(json.dumps(document, indent=2, sort_keys=True) + "\n", encoding="utf-8")
