"""How much less often each sieve is right on text its rules were not written from.

Cross-validation over articles fits the model's weights on some articles and scores it on the
others, but the sieves were written by reading every development article, so it cannot see how
much of their precision is the rules fitting those articles (issue #39). The first run of the
code on a gold set nobody had read yet can: in cross-validation `explicit_name` is right 238
times in 239, but the first time it met the wikinews-quotes articles it was right 95 times in 105.

So each method gets a shift: the log-odds of its precision on first runs (shrunk toward the sieve's
prior, calibration.BASE_CONFIDENCE, so a method seen a handful of times moves little) minus the
log-odds of the model's mean calibrated confidence for the method's quotes in cross-validation,
so that its confidences on unseen text average its first-run precision. The mean confidence, not
the cross-validated precision: a method right 293 times in 293 has a precision whose log-odds no
count pins down (one quote more or less moved the shift by two log-odds), while the calibrated
confidences it was given (about 0.99) are a steady reference. A report without that column
(older ones) falls back to the shrunk cross-validated precision. The shift is added to the log-odds of the model's
calibrated confidence: the model still says which of a method's answers are surer than others,
and the method says how often answers like them were right on unseen text. A shift is never
positive: a first run is an older, weaker version of the rules, so it may only lower a confidence.

`quotetrack fit-rule-shift` reads the sieve tables of the first-run reports (benchmarks/first_runs/)
and of the cross-validated report, and writes rule_shift.json with the counts it came from.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import TypedDict

from ..types import Method
from .calibration import BASE_CONFIDENCE, PRIOR_WEIGHT

SHIFT_FILE = Path(__file__).with_name("rule_shift.json")

Counts = dict[str, tuple[int, int]]  # method -> (right, quotes)


class MethodShift(TypedDict):
    first_run: list[int]  # [right, quotes]
    cross_validated: list[int]
    calibrated_mean: float | None  # the model's mean calibrated confidence in cross-validation
    shift: float  # added to the log-odds of the confidence; <= 0


_TABLE_ROW = re.compile(
    r"^(?P<method>[a-z_]+)\s+(?P<quotes>\d+)\s+[\d.]+%\s+(?P<right>\d+)\s+[\d.]+(?:\s+(?P<calibrated>[\d.]+))?$"
)


def sieve_table(report: str, system: str) -> Counts:
    """The per-method counts of `system`'s "speaker accuracy by sieve" table in a report written by
    `quotetrack eval` or `train-ranker` (system "quotetrack", "sieves" or "model (CV)")."""
    return {method: (right, quotes) for method, (right, quotes, _) in _rows(report, system).items()}


def calibrated_means(report: str, system: str) -> dict[str, float]:
    """The table's "calibrated" column, where the report has one (cross-validated reports)."""
    return {method: mean for method, (_, _, mean) in _rows(report, system).items() if mean is not None}


def _rows(report: str, system: str) -> dict[str, tuple[int, int, float | None]]:
    counts: dict[str, tuple[int, int, float | None]] = {}
    lines = iter(report.splitlines())
    for line in lines:
        if line.startswith(f"{system}: speaker accuracy by sieve"):
            break
    else:
        raise ValueError(f"no '{system}: speaker accuracy by sieve' table in the report")
    next(lines, None)  # the column header
    for line in lines:
        row = _TABLE_ROW.match(line.strip())
        if row is None:
            break
        mean = float(row["calibrated"]) if row["calibrated"] is not None else None
        counts[row["method"]] = (int(row["right"]), int(row["quotes"]), mean)
    return counts


def pooled(tables: Iterable[Counts]) -> Counts:
    total: dict[str, list[int]] = {}
    for table in tables:
        for method, (right, quotes) in table.items():
            seen = total.setdefault(method, [0, 0])
            seen[0] += right
            seen[1] += quotes
    return {method: (right, quotes) for method, (right, quotes) in total.items()}


def fit(
    first_runs: Counts, cross_validated: Counts, calibrated: Mapping[str, float] | None = None
) -> dict[str, MethodShift]:
    """Per method seen on a first run: the counts, the reference and the shift (log-odds, <= 0)."""
    table: dict[str, MethodShift] = {}
    for method, first in sorted(first_runs.items()):
        if method not in {m.value for m in Method} or Method(method) is Method.UNRESOLVED:
            continue
        prior = BASE_CONFIDENCE[Method(method)]
        reference = cross_validated.get(method, (0, 0))
        mean = (calibrated or {}).get(method)
        expected = min(max(mean, _EDGE), 1.0 - _EDGE) if mean is not None else _shrunk(reference, prior)
        shift = _logit(_shrunk(first, prior)) - _logit(expected)
        table[method] = {
            "first_run": list(first),
            "cross_validated": list(reference),
            "calibrated_mean": mean,
            "shift": round(min(shift, 0.0), 3),
        }
    return table


# A mean confidence is kept this far from 0 and 1, where log-odds run away.
_EDGE = 1e-3


def save(table: Mapping[str, MethodShift], first_run_reports: list[str], reference: str) -> None:
    document = {
        "first_runs": first_run_reports,
        "cross_validated": reference,
        "prior_weight": PRIOR_WEIGHT,
        "methods": table,
    }
    SHIFT_FILE.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    _shifts.cache_clear()


def shifted(confidence: float, method: Method) -> float:
    """`confidence` moved by the method's shift (unchanged for a method no first run has seen). A
    confidence of 0 (no candidate) stays 0; one of 1 (the model's sigmoid saturates) still moves."""
    shift = _shifts().get(method.value, 0.0)
    if shift == 0.0 or confidence <= 0.0:
        return confidence
    odds = _logit(min(confidence, 1.0 - 1e-6)) + shift
    return 1.0 / (1.0 + math.exp(-odds))


@lru_cache(maxsize=1)
def _shifts() -> dict[str, float]:
    if not SHIFT_FILE.exists():
        return {}
    methods = json.loads(SHIFT_FILE.read_text(encoding="utf-8"))["methods"]
    return {method: float(entry["shift"]) for method, entry in methods.items()}


def _shrunk(counts: tuple[int, int], prior: float) -> float:
    right, quotes = counts
    return (right + PRIOR_WEIGHT * prior) / (quotes + PRIOR_WEIGHT)


def _logit(p: float) -> float:
    return math.log(p / (1.0 - p))
