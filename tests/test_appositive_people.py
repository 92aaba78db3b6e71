"""A name in apposition to a noun that names a person is a person (issue #39): the small NER
model calls "Costa" in "The club's president, Ana Costa," an organisation and leaves "Ana"
out; and a pronoun after "Ortega's agent, Paul Renner, called ..." (parsed with no subject)
is the agent named in apposition, not the owner. The article is our own, written for these
tests."""

from __future__ import annotations

import pytest

from quotetrack.quotes import extract_quotes

pytestmark = pytest.mark.model

ARTICLE = """Ortega to stay

Luis Ortega trained alone on Monday.

The club's president, Ana Costa, said both men would remain.

Ortega's agent, Paul Renner, called Delaney on Wednesday. He told him the player wanted to stay.
"""


def _quotes(nlp):
    quotes, _ = extract_quotes(ARTICLE, nlp)
    return {ARTICLE[q.start : q.end]: q for q in quotes}


def test_a_name_in_apposition_to_a_person_noun_is_a_person(nlp):
    quote = _quotes(nlp)["both men would remain"]
    assert quote.speaker is not None and quote.speaker.name == "Ana Costa"
    assert quote.method.value == "apposition"


def test_a_pronoun_after_a_subjectless_apposition_is_the_named_one_not_the_owner(nlp):
    quote = _quotes(nlp)["the player wanted to stay"]
    assert quote.speaker is not None and quote.speaker.name == "Paul Renner"


def test_an_untagged_given_name_and_surname_that_speak_are_a_person(nlp):
    # The small NER model misses "Mario Rossi" at a sentence's start; the bare "Rossi" would then
    # join Maria Rossi, the sister it does tag.
    article = "Twins win\n\nMario Rossi said the race had been hard. Maria Rossi said she had trained for a year.\n"
    quotes, _ = extract_quotes(article, nlp)
    assert [q.speaker.name for q in quotes if q.speaker] == ["Mario Rossi", "Maria Rossi"]
