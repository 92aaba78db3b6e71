"""The rule shift: a method's confidence falls by how much less often it was right the first time
the code met a gold set nobody had read (attribution/rule_shift.py)."""

from __future__ import annotations

import json
import math

from click.testing import CliRunner

from quotetrack.attribution import rule_shift
from quotetrack.attribution.context import Resolution
from quotetrack.attribution.ranker import Model, decide
from quotetrack.attribution.speaker_candidates import SpeakerCandidate
from quotetrack.attribution.table import Entry
from quotetrack.cli import main
from quotetrack.types import Method, SpeakerKind

EVAL_REPORT = """\
$ quotetrack eval some/gold.json
quotetrack: speaker accuracy by sieve (matched quotes: 30)
sieve                  quotes coverage  right precision
explicit_name              20    66.7%     18     0.900
pronoun_salience           10    33.3%      5     0.500

quotetrack: calibration (confidence = P(speaker right)); ECE 0.100
"""

CV_REPORT = """\
sieves: speaker accuracy by sieve (matched quotes: 3)
sieve                  quotes coverage  right precision
explicit_name               3   100.0%      3     1.000

model (CV): speaker accuracy by sieve (matched quotes: 130)
sieve                  quotes coverage  right precision
explicit_name             100    76.9%    100     1.000
pronoun_salience           30    23.1%     28     0.933
"""


def test_a_sieve_table_is_read_from_the_named_systems_report():
    assert rule_shift.sieve_table(EVAL_REPORT, "quotetrack") == {
        "explicit_name": (18, 20),
        "pronoun_salience": (5, 10),
    }
    # The CV report holds two tables: the one asked for, not the first.
    assert rule_shift.sieve_table(CV_REPORT, "model (CV)")["explicit_name"] == (100, 100)


def test_first_runs_pool_their_counts():
    assert rule_shift.pooled([{"surname": (9, 10)}, {"surname": (4, 5), "title": (1, 1)}]) == {
        "surname": (13, 15),
        "title": (1, 1),
    }


def test_a_method_weaker_on_first_runs_is_shifted_down_and_never_up():
    table = rule_shift.fit(
        {"explicit_name": (18, 20), "pronoun_salience": (5, 10), "surname": (50, 50)},
        {"explicit_name": (100, 100), "pronoun_salience": (28, 30), "surname": (10, 12)},
    )
    # 18/20 against 100/100, both shrunk toward the sieve's prior 0.95 by 4 pseudo-quotes
    expected = math.log(21.8 / 2.2) - math.log(103.8 / 0.2)
    assert table["explicit_name"]["shift"] == round(expected, 3)
    assert table["pronoun_salience"]["shift"] < 0
    assert table["surname"]["shift"] == 0.0  # better on first runs than in CV: no raise
    assert table["explicit_name"]["first_run"] == [18, 20]


CV_REPORT_WITH_CONFIDENCES = """\
model (CV): speaker accuracy by sieve (matched quotes: 130)
sieve                  quotes coverage  right precision calibrated
surname                   100    76.9%    100     1.000     0.9900
pronoun_salience           30    23.1%     28     0.933     0.9000
"""


def test_the_reference_is_the_mean_calibrated_confidence_where_the_report_gives_it():
    means = rule_shift.calibrated_means(CV_REPORT_WITH_CONFIDENCES, "model (CV)")
    assert means == {"surname": 0.99, "pronoun_salience": 0.9}
    counts = rule_shift.sieve_table(CV_REPORT_WITH_CONFIDENCES, "model (CV)")
    table = rule_shift.fit({"surname": (98, 100), "pronoun_salience": (27, 30)}, counts, means)
    # 98/100 shrunk toward 0.95 against the mean confidence 0.99: about -0.68 log-odds
    expected = math.log(101.8 / 2.2) - math.log(0.99 / 0.01)
    assert table["surname"]["shift"] == round(expected, 3)
    assert table["surname"]["calibrated_mean"] == 0.99


def test_a_perfect_cross_validated_count_does_not_make_the_shift_run_away():
    # One CV quote more or less used to move a near-perfect method's shift by two log-odds.
    means = {"surname": 0.99}
    perfect = rule_shift.fit({"surname": (267, 272)}, {"surname": (293, 293)}, means)["surname"]["shift"]
    one_off = rule_shift.fit({"surname": (267, 272)}, {"surname": (292, 293)}, means)["surname"]["shift"]
    assert perfect == one_off and -1.0 < perfect < 0
    old = rule_shift.fit({"surname": (267, 272)}, {"surname": (293, 293)})["surname"]["shift"]
    assert old < -3  # without the column: the shrunk count, as before


def test_shifted_lowers_a_confidence_keeps_its_order_and_leaves_no_candidate_at_zero(monkeypatch):
    monkeypatch.setattr(rule_shift, "_shifts", lambda: {"explicit_name": -2.0})
    low, high = rule_shift.shifted(0.9, Method.EXPLICIT_NAME), rule_shift.shifted(0.99, Method.EXPLICIT_NAME)
    assert low < 0.9 and high < 0.99 and low < high
    assert 0.9 < rule_shift.shifted(1.0, Method.EXPLICIT_NAME) < 1.0  # a saturated sigmoid moves too
    assert rule_shift.shifted(0.0, Method.EXPLICIT_NAME) == 0.0
    assert rule_shift.shifted(0.9, Method.SURNAME) == 0.9  # no shift fitted: unchanged


def test_the_models_decision_carries_the_proposing_methods_shift(monkeypatch):
    model = Model({"proposed": 3.0}, 0.0, (1.0, 0.0, 0.0, 0.0, 0.0))
    proposal = Resolution(Entry("Ana Ruiz", SpeakerKind.PERSON), "Ruiz", Method.SURNAME)
    candidate = SpeakerCandidate(proposal.entry, {"proposed": 1.0}, True)
    monkeypatch.setattr(rule_shift, "_shifts", lambda: {})
    unshifted = decide(proposal, [candidate], model).confidence
    monkeypatch.setattr(rule_shift, "_shifts", lambda: {"surname": -1.5})
    shifted = decide(proposal, [candidate], model).confidence
    assert shifted is not None and unshifted is not None and shifted < unshifted


def test_fit_rule_shift_writes_the_table_with_its_sources(tmp_path, monkeypatch):
    first, reference = tmp_path / "first.txt", tmp_path / "cv.txt"
    first.write_text(EVAL_REPORT, encoding="utf-8")
    reference.write_text(CV_REPORT, encoding="utf-8")
    monkeypatch.setattr(rule_shift, "SHIFT_FILE", tmp_path / "rule_shift.json")
    result = CliRunner().invoke(main, ["fit-rule-shift", str(first), "--reference", str(reference)])
    assert result.exit_code == 0, result.output
    saved = json.loads((tmp_path / "rule_shift.json").read_text())
    assert saved["first_runs"] == [first.as_posix()] and saved["cross_validated"] == reference.as_posix()
    assert saved["methods"]["pronoun_salience"]["first_run"] == [5, 10]
    rule_shift._shifts.cache_clear()


def test_the_shipped_shifts_are_all_at_most_zero():
    document = json.loads(rule_shift.SHIFT_FILE.read_text())
    assert document["first_runs"] and all(entry["shift"] <= 0 for entry in document["methods"].values())
