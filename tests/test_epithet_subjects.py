"""Epithets of a person the article has named (issue #39, kind 2): a demonym ("the silver-haired
Dutchman") names the person just quoted; a description's relative clause ("who joined the club
in January") does not make it a body's. The article is our own, written for these tests."""

from __future__ import annotations

import pytest

from quotetrack.normalization.lexicon import is_inhabitant_noun
from quotetrack.quotes import extract_quotes

pytestmark = pytest.mark.model

ARTICLE = """Striker Marta Oyelaran-Bell scored twice as Harbourside City beat Northgate 3-1 on Saturday.

The 29-year-old midfielder, who joined the club in January, said the win was for the fans.

Harbourside coach Dmitri Valk praised his captain. "She carries this team," Valk said. The silver-haired Dutchman added that the club would not sell her in the summer.

The Guardian reported that Northgate would appeal against the second goal.
"""


def _speakers(nlp):
    quotes, _ = extract_quotes(ARTICLE, nlp)
    return {ARTICLE[q.start : q.end]: (q.speaker.name if q.speaker else None) for q in quotes}


def test_a_demonym_after_a_quote_is_the_person_just_quoted(nlp):
    assert _speakers(nlp)["the club would not sell her in the summer"] == "Dmitri Valk"


def test_a_relative_clause_does_not_make_a_persons_description_a_bodys(nlp):
    speaker = _speakers(nlp)["the win was for the fans"]
    assert speaker is not None and speaker.endswith("Marta Oyelaran-Bell")


def test_a_paper_named_like_a_person_noun_is_not_a_demonym(nlp):
    assert _speakers(nlp)["Northgate would appeal against the second goal"] == "Guardian"


def test_an_inhabitant_is_read_from_wordnet_not_a_list():
    assert is_inhabitant_noun("dutchman") and is_inhabitant_noun("brazilian") and is_inhabitant_noun("londoner")
    assert not is_inhabitant_noun("mp") and not is_inhabitant_noun("guardian") and not is_inhabitant_noun("republican")
