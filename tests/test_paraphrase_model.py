"""The learned paraphrase score (statements/paraphrase_model.py, issue 40 item 3) on invented pairs
that are in none of the benchmark's pair sets, its weights' JSON, and that it needs no scikit-learn."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from quotetrack.statements import paraphrase_model
from quotetrack.statements.paraphrase_model import FEATURES, Model

ROOT = Path(__file__).resolve().parents[1]
CLAIM = "The council will scrap the parking charges next year"


@pytest.mark.parametrize(
    "a, b",
    [
        (CLAIM, "councillors said they would abolish the parking fees from next year"),
        (
            "The hospital fired the nurse after the inquiry",
            "the nurse was dismissed by the hospital following the inquiry",
        ),
    ],
)
def test_a_paraphrase_is_one_remark(a: str, b: str) -> None:
    score = paraphrase_model.learned_paraphrase_score(a, b)
    assert score is not None and score >= paraphrase_model.shipped().threshold
    assert paraphrase_model.learned_paraphrase_score(b, a) == score  # symmetric
    overlap = paraphrase_model.learned_paraphrase_overlap(a, b)
    assert overlap is not None and 0.0 < overlap <= 1.0


def test_a_negation_is_vetoed_however_alike() -> None:
    b = "the council will not scrap the parking charges next year"
    assert paraphrase_model.veto(CLAIM, b) == "negation"
    assert paraphrase_model.learned_paraphrase_score(CLAIM, b) is None


def test_a_changed_number_is_another_remark() -> None:
    a, b = "The factory will cut 300 jobs by spring", "the plant is to shed 800 jobs by the spring"
    assert paraphrase_model.veto(a, b) == "number"
    assert paraphrase_model.learned_paraphrase_score(a, b) is None


def test_another_month_is_another_remark() -> None:
    a, b = "Ministers will ban disposable vapes from June", "ministers will ban disposable vapes from July"
    assert paraphrase_model.learned_paraphrase_score(a, b) is None


def test_same_topic_different_claim_is_not_a_paraphrase() -> None:
    a = "The new stadium will be finished before the season starts"
    b = "the mayor said the stadium budget has doubled since the spring"
    assert paraphrase_model.veto(a, b) is None
    assert paraphrase_model.paraphrase_probability(a, b) < paraphrase_model.shipped().threshold
    assert paraphrase_model.learned_paraphrase_score(a, b) is None
    assert paraphrase_model.learned_paraphrase_overlap(a, b) is None


def test_frames_that_say_the_event_happened_on_one_side_only_veto() -> None:
    a, b = "police arrested Reed at his home", "Reed was released before police made an arrest at his home"
    done = {"predicate": "arrest", "patient": ["name:reed"], "agent": []}
    undone = {"predicate": "release", "patient": ["name:reed"], "agent": [], "unrealized": [done]}
    assert paraphrase_model.veto(a, b, done, undone) == "event"
    assert paraphrase_model.learned_paraphrase_score(a, b, done, undone) is None


def test_features_are_named_and_bounded() -> None:
    found = paraphrase_model.pair_features(CLAIM, "councillors said they would abolish the parking fees")
    assert tuple(found) == FEATURES
    assert all(0.0 <= value <= 1.0 for value in found.values())


def test_json_round_trip(tmp_path: Path) -> None:
    shipped = paraphrase_model.shipped()
    assert set(shipped.weights) == set(FEATURES)
    assert 0.0 < shipped.threshold < 1.0
    path = tmp_path / "model.json"
    path.write_text(json.dumps(shipped.to_json()), encoding="utf-8")
    again = paraphrase_model.load(path)
    assert again == shipped
    features = paraphrase_model.pair_features(CLAIM, "the parking charges will go next year")
    assert again.probability(features) == pytest.approx(shipped.probability(features))
    assert Model.from_json(again.to_json()) == again


def test_unknown_feature_in_json_is_refused() -> None:
    data = paraphrase_model.shipped().to_json()
    data["weights"]["cosine"] = 1.0
    with pytest.raises(ValueError, match="cosine"):
        Model.from_json(data)


def test_loads_and_scores_without_scikit_learn() -> None:
    code = (
        "import sys\n"
        "sys.modules['sklearn'] = None  # any import of scikit-learn now fails\n"
        "from quotetrack.statements import paraphrase_model as m\n"
        "p = m.paraphrase_probability('the mayor will resign', 'the mayor is going to step down')\n"
        "assert 0.0 < p < 1.0, p\n"
        "assert not any(name.startswith('sklearn') and sys.modules[name] for name in sys.modules)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
