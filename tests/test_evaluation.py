"""The scorer itself, with hand-made predictions, and the figures on the seeds' gold."""

import json
from pathlib import Path

import pytest

from quotetrack.measure.evaluation import Span, evaluate, load_gold, match, quotetrack_predictor

from .conftest import ROOT

TEXT = 'First "we will win this race," Ann Lee said. Then Bo Chan said the vote was rigged.'


@pytest.fixture
def gold(tmp_path) -> Path:
    path = tmp_path / "gold.json"
    path.write_text(
        json.dumps(
            {
                "articles": [
                    {
                        "name": "t",
                        "text": TEXT,
                        "quotes": [
                            {"text": "we will win this race,", "kind": "direct", "speaker": "Ann Lee"},
                            {
                                "text": "the vote was rigged",
                                "kind": "indirect",
                                "speaker": "Bo Chan",
                                "speaker_aliases": ["Chan"],
                            },
                        ],
                    }
                ]
            }
        )
    )
    return path


def span(text, kind, speaker):
    start = TEXT.index(text)
    return Span(start, start + len(text), text, kind, speaker)


def test_overlap_matching_is_one_to_one_and_needs_half_the_longer_span():
    g = [span("we will win this race,", "direct", None)]
    assert len(match([span("we will win", "direct", None)], g)) == 1  # 11 of 22 characters
    assert match([span("we will", "direct", None)], g) == []  # 7 of 22
    assert len(match([span("we will win this race,", "direct", None)] * 2, g)) == 1


def test_scores_spans_speakers_and_misses(gold):
    articles = load_gold(gold)
    report = evaluate(
        articles,
        lambda text: [
            span("we will win this race", "direct", "Ann Lee"),
            span("the vote was rigged", "indirect", "Someone Else"),
            span("Then Bo Chan", "indirect", None),
        ],
        "fake",
    )
    figures = report.overall.figures()
    assert figures["recall"] == 1.0 and figures["precision"] == pytest.approx(2 / 3)
    assert figures["speaker_accuracy"] == 0.5
    assert any(m.startswith("SPEAKER") and "Someone Else" in m for m in report.misses)
    assert any(m.startswith("EXTRA") for m in report.misses)


def test_gold_quote_not_in_text_is_an_error(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps({"articles": [{"text": "abc", "quotes": [{"text": "xyz", "kind": "direct", "speaker": None}]}]})
    )
    with pytest.raises(ValueError):
        load_gold(path)


@pytest.mark.model
def test_seed_figures_meet_the_bar(nlp):
    report = evaluate(load_gold(ROOT / "benchmarks/gold/seeds.json"), quotetrack_predictor(nlp), "quotetrack")
    figures = report.overall.figures()
    assert figures["f1"] >= 0.90, report.misses
    assert figures["speaker_accuracy"] >= 0.92, report.misses
