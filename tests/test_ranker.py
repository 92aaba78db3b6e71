"""The candidate model: it decides among the sieves' proposal and the article's other candidates,
its confidence comes from the calibration, and its figures are measured on articles it never saw."""

from __future__ import annotations

import math

import pytest

from quotetrack.attribution.context import UNRESOLVED, Resolution
from quotetrack.attribution.ranker import Model, SecondOpinion, decide, model_in_use, shipped_model, standing_in
from quotetrack.attribution.rule_shift import shifted
from quotetrack.attribution.speaker_candidates import SpeakerCandidate
from quotetrack.attribution.table import Entry
from quotetrack.measure.evaluation import GoldArticle
from quotetrack.measure.ranker_training import ArticleExamples, _folds
from quotetrack.quotes import extract_quotes
from quotetrack.types import Method, SpeakerKind

# A hand-written model, so that these tests check the decision rule, not the shipped weights.
MODEL = Model(
    {"proposed": 2.0, "last_speaker_1_no_subject": 1.5, "named_before_in_sentence": 1.0}, -1.0, (1.0, 0.5, 0, 0, 0)
)


def choice(name: str, proposed: bool = False, **features: float) -> SpeakerCandidate:
    return SpeakerCandidate(Entry(name, SpeakerKind.PERSON), dict(features), proposed)


def test_the_most_probable_candidate_is_the_speaker():
    proposal = Resolution(Entry("Ana Ruiz", SpeakerKind.PERSON), "Ruiz", Method.SURNAME)
    proposed = SpeakerCandidate(proposal.entry, {"proposed": 1.0}, True)
    other = choice("Tomas Berg", last_speaker_1_no_subject=1.0, named_before_in_sentence=1.0)
    chosen = decide(proposal, [proposed, other], MODEL)
    assert chosen.entry is other.entry and chosen.method is Method.RANKED
    assert chosen.mention == "Ruiz"  # what the text said stays on record
    assert "last_speaker_1_no_subject" in chosen.evidence


def test_the_proposal_keeps_its_sieve_when_the_model_agrees():
    proposal = Resolution(Entry("Ana Ruiz", SpeakerKind.PERSON), "Ruiz", Method.SURNAME, "Ruiz")
    proposed = SpeakerCandidate(proposal.entry, {"proposed": 1.0, "named_before_in_sentence": 1.0}, True)
    chosen = decide(proposal, [proposed, choice("Tomas Berg")], MODEL)
    assert chosen.entry is proposal.entry and chosen.method is Method.SURNAME and chosen.evidence == "Ruiz"


def test_confidence_grows_with_the_margin_over_the_runner_up():
    proposal = Resolution(Entry("Ana Ruiz", SpeakerKind.PERSON), "Ruiz", Method.SURNAME)
    proposed = SpeakerCandidate(proposal.entry, {"proposed": 1.0}, True)
    close = decide(proposal, [proposed, choice("B", proposed=False, named_before_in_sentence=1.0)], MODEL)
    far = decide(proposal, [proposed, choice("B")], MODEL)
    assert 0.0 < close.confidence < far.confidence < 1.0  # type: ignore[operator]


def test_confidence_counts_the_proposing_sieves_prior():
    model = Model(MODEL.weights, MODEL.intercept, (1.0, 0.5, 0.0, 0.8, 0.0))
    proposal = Resolution(Entry("Ana Ruiz", SpeakerKind.PERSON), "Ruiz", Method.SURNAME)
    strong = SpeakerCandidate(proposal.entry, {"proposed": 1.0, "proposed_prior_logit": 3.0}, True)
    weak = SpeakerCandidate(proposal.entry, {"proposed": 1.0, "proposed_prior_logit": 0.5}, True)
    # The same score: the sieve that is right more often gives the higher confidence.
    assert decide(proposal, [weak], model).confidence < decide(proposal, [strong], model).confidence  # type: ignore[operator]


def test_a_model_saved_before_the_prior_term_reads_with_none():
    old = {"intercept": -1.0, "calibration": [1.0, 0.5, 0.0], "weights": {"proposed": 2.0}}
    assert Model.from_json(old).calibration == (1.0, 0.5, 0.0, 0.0, 0.0)


def test_no_candidate_at_all_stays_unresolved_with_no_confidence():
    chosen = decide(UNRESOLVED, [], MODEL)
    assert chosen.entry is None and chosen.method is Method.UNRESOLVED and chosen.confidence == 0.0


def test_a_model_survives_its_json_form():
    assert Model.from_json(MODEL.to_json()) == MODEL


def test_folds_never_put_one_article_on_both_sides():
    articles = [ArticleExamples(GoldArticle(f"a{i}", f"text {i}", []), []) for i in range(13)]
    folds = _folds(articles, 5)
    assert sorted(a.gold.name for _, test in folds for a in test) == sorted(a.gold.name for a in articles)
    for train, test in folds:
        assert not {a.gold.name for a in train} & {a.gold.name for a in test}


@pytest.mark.model
def test_the_shipped_model_is_used_and_its_confidence_is_a_probability(nlp):
    assert shipped_model() is not None
    text = (
        "Mayor Lena Ortiz opened the new library on Saturday.\n\n"
        '"Every child in this city deserves a quiet place to read," Ortiz said.\n\n'
        '"We will keep the doors open late on weekdays."'
    )
    quotes, _ = extract_quotes(text, nlp)
    assert [q.speaker.name if q.speaker else None for q in quotes] == ["Lena Ortiz", "Lena Ortiz"]
    assert all(0.0 < q.confidence < 1.0 for q in quotes)


def test_a_stand_in_model_attributes_inside_its_block_only(nlp):
    """How an evaluation scores articles with a model fitted on other articles: the stand-in's
    calibration (a constant here: every weight of the score at 0) shows in every confidence."""
    text = '"We will keep the doors open late on weekdays," said Mayor Lena Ortiz.'
    sure = Model({}, 0.0, (0.0, 0.0, 3.0, 0.0, 0.0))  # confidence sigmoid(3) whatever the candidate
    with standing_in(sure):
        assert model_in_use() is sure
        quotes, _ = extract_quotes(text, nlp)
    # sigmoid(3) = 0.953, then the rule shift of the sieve that named the speaker (rule_shift.py)
    expected = round(shifted(1 / (1 + math.exp(-3.0)), quotes[0].method), 3)
    assert [round(q.confidence, 3) for q in quotes] == [expected]
    assert model_in_use() is shipped_model()
    quotes, _ = extract_quotes(text, nlp)
    assert round(quotes[0].confidence, 3) != expected


@pytest.mark.model
def test_an_unattributed_paragraph_takes_the_speaker_the_article_offers(nlp):
    """#18: a quote is never left unresolved while the article offers a plausible speaker."""
    text = (
        "Harbour pilots have warned for years that the channel is too shallow.\n\n"
        "Captain Idris Okoye, who has guided tankers into the port since 2009, described the problem.\n\n"
        '"At low tide we have less than a metre under the keel on the biggest ships."'
    )
    quotes, _ = extract_quotes(text, nlp)
    (quote,) = [q for q in quotes if q.text.startswith("At low tide")]
    assert quote.speaker is not None and quote.speaker.name == "Idris Okoye"


@pytest.mark.model
def test_train_ranker_reports_cross_validated_figures_and_leaves_the_shipped_model_alone():
    """The real command on our hand-written gold sets (15 articles), without saving."""
    from click.testing import CliRunner

    from quotetrack.attribution.ranker import MODEL_FILE
    from quotetrack.cli import main

    before = MODEL_FILE.read_bytes()
    result = CliRunner().invoke(
        main,
        [
            "train-ranker",
            *(f"benchmarks/gold/{name}.json" for name in ("written", "heldout", "heldout2")),
            "--held-out",
            "benchmarks/gold/seeds.json",
            "--no-save",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "5-fold cross-validation over 15 articles" in result.output
    assert "model (CV)   all" in result.output and "sieves       all" in result.output
    assert "== benchmarks/gold/seeds.json (held out: the final model)" in result.output
    assert MODEL_FILE.read_bytes() == before


def test_a_second_opinion_that_points_elsewhere_lowers_the_confidence():
    """The second opinion reads no proposal feature; where it picks another candidate than the
    model, the calibration's disagreement term counts."""
    second = SecondOpinion({"named_before_in_sentence": 2.0}, 0.0)
    model = Model(MODEL.weights, MODEL.intercept, (1.0, 0.5, 0.0, 0.0, -1.5), second)
    proposal = Resolution(Entry("Ana Ruiz", SpeakerKind.PERSON), "Ruiz", Method.SURNAME)
    proposed = SpeakerCandidate(proposal.entry, {"proposed": 1.0}, True)
    agreeing = decide(proposal, [proposed, choice("Tomas Berg")], model)
    pointed_elsewhere = decide(proposal, [proposed, choice("Tomas Berg", named_before_in_sentence=1.0)], model)
    assert agreeing.entry is pointed_elsewhere.entry is proposal.entry  # the decision is the model's
    assert pointed_elsewhere.confidence < agreeing.confidence  # type: ignore[operator]
    assert Model.from_json(model.to_json()) == model
