"""Confidence = the probability that the speaker is right, by the sieve that named it.

Each sieve starts from a prior (BASE_CONFIDENCE, set by hand from what the sieve relies on);
`quotetrack eval --fit-calibration` replaces it with the sieve's measured precision on the
development gold sets, shrunk toward the prior (PRIOR_WEIGHT pseudo-quotes) so that a sieve
seen a few times is not trusted on a handful of cases. The fitted table is kept in
calibration.json, with the gold sets and counts it came from.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from ..types import Method

CALIBRATION_FILE = Path(__file__).with_name("calibration.json")
PRIOR_WEIGHT = 4.0

BASE_CONFIDENCE: dict[Method, float] = {
    Method.SIGNATURE: 0.95,
    Method.HANDLE: 0.9,
    Method.COORDINATED: 0.85,
    Method.EXPLICIT_NAME: 0.95,
    Method.APPOSITION: 0.95,
    Method.SURNAME: 0.95,
    Method.TITLE: 0.9,
    Method.ORGANISATION: 0.9,
    Method.ROLE: 0.8,
    Method.LEDE_DESCRIPTION: 0.5,
    Method.EPITHET: 0.75,
    Method.OWNER: 0.8,
    Method.ORGANISATION_ANAPHOR: 0.7,
    Method.DOCUMENT_ISSUER: 0.75,
    Method.PRONOUN_SALIENCE: 0.8,
    Method.PRONOUN_LAST_QUOTED: 0.7,
    Method.PRONOUN_COREF: 0.7,
    Method.PREVIOUS_QUOTE: 0.85,
    Method.CONTEXT_SPEECH: 0.8,
    Method.CONTEXT_SUBJECT: 0.6,
    Method.FLOATING: 0.7,
    Method.DESCRIPTION: 0.75,
    Method.INTERVIEW: 0.9,
    Method.RANKED: 0.5,
    Method.UNRESOLVED: 0.0,
}


@lru_cache(maxsize=1)
def _fitted() -> dict[str, float]:
    if not CALIBRATION_FILE.exists():
        return {}
    return {k: float(v["confidence"]) for k, v in json.loads(CALIBRATION_FILE.read_text())["methods"].items()}


def confidence(method: Method) -> float:
    """P(speaker right) for an attribution made by `method`."""
    return _fitted().get(method.value, BASE_CONFIDENCE[method])


def fit(outcomes: Iterable[tuple[str, bool]]) -> dict[str, dict[str, float | int]]:
    """Per method: quotes seen, right, and the shrunk precision that becomes its confidence."""
    counts: dict[str, list[int]] = {}
    for method, right in outcomes:
        seen = counts.setdefault(method, [0, 0])
        seen[0] += 1
        seen[1] += right
    table: dict[str, dict[str, float | int]] = {}
    for method, (seen_count, right_count) in sorted(counts.items()):
        prior = BASE_CONFIDENCE[Method(method)]
        value = (right_count + PRIOR_WEIGHT * prior) / (seen_count + PRIOR_WEIGHT)
        table[method] = {"quotes": seen_count, "right": right_count, "confidence": round(value, 3)}
    return table


def save(table: dict[str, dict[str, float | int]], sources: list[str]) -> None:
    document = {"fitted_on": sources, "prior_weight": PRIOR_WEIGHT, "methods": table}
    CALIBRATION_FILE.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    _fitted.cache_clear()
