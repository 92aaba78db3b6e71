"""Abbreviated titles are one token (normalization/titles.py, read by nlp/pipeline.py): "said
Coun. Ahmed Rahimi" is one sentence whose subject is Rahimi, not a sentence ending at "Coun."."""

from __future__ import annotations

import pytest

from quotetrack.normalization.titles import TITLE_ABBREVIATIONS, dotted_titles
from quotetrack.quotes import extract_quotes

pytestmark = pytest.mark.model


def test_every_dotted_title_is_one_token_in_every_case(nlp):
    for title in dotted_titles():
        assert [t.text for t in nlp.make_doc(f"said {title} Ana Ruiz")] == ["said", title, "Ana", "Ruiz"]
    assert {"Coun.", "coun.", "COUN."} <= set(dotted_titles())
    assert TITLE_ABBREVIATIONS["coun."] == "councillor"


def test_a_councillor_after_the_verb_is_the_speaker(nlp):
    text = (
        "Council approves bike lanes\n\n"
        '"We have a street where people are getting hurt. This is not complicated," said Coun. '
        "Ahmed Rahimi, who chairs the public works committee.\n\n"
        '"It was rushed," said Const. Mary Oduya of the city police.\n'
    )
    quotes, _ = extract_quotes(text, nlp)
    speakers = [q.speaker.name if q.speaker else None for q in quotes]
    assert speakers == ["Ahmed Rahimi", "Mary Oduya"]
