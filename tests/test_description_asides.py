"""An unnamed source's description stops before an aside the parser hung on its place or
affiliation ("a worker at Maple Crest, who asked not to be named ..."): why the source is
unnamed is not who it is. A restrictive clause ("a doctor at the clinic who treated the
patient") stays. The article is our own, written for these tests."""

from __future__ import annotations

import pytest

from quotetrack.quotes import extract_quotes

pytestmark = pytest.mark.model

ARTICLE = """Care home staff describe long nights

A former cook at Linden Court, who asked not to be named because she still works for the owner, said meals were often served cold.

A senior official in Tarrow, who spoke on condition of anonymity because he was not authorised to comment, said talks would resume in March.

A nurse at the clinic who treated the residents said two of them had been sent to hospital.
"""


def _speakers(nlp):
    quotes, _ = extract_quotes(ARTICLE, nlp)
    return {ARTICLE[q.start : q.end]: (q.speaker.name if q.speaker else None) for q in quotes}


def test_an_aside_on_the_place_is_not_part_of_the_description(nlp):
    speakers = _speakers(nlp)
    assert speakers["meals were often served cold"] == "former cook at Linden Court"
    official = speakers["talks would resume in March"]
    assert official is not None and official.startswith("senior official") and "anonymity" not in official


def test_a_restrictive_clause_stays_part_of_the_description(nlp):
    assert _speakers(nlp)["two of them had been sent to hospital"] == "nurse at the clinic who treated the residents"


def test_an_adjective_with_its_complement_describes_the_source(nlp):
    text = (
        "Grocer weighs takeover\n\n"
        "People familiar with the matter said the grocer had held talks with a private equity firm.\n\n"
        "A worker, who gave only her first name, said the night shift would be cut.\n"
    )
    quotes, _ = extract_quotes(text, nlp)
    speakers = [q.speaker.name if q.speaker else None for q in quotes]
    assert speakers[0] == "people familiar with the matter"
    assert speakers[1] == "worker"  # why the name is missing is not who she is
