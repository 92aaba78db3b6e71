"""Issue 41 item 2, inside one article: an organisation called by the last word of its name
("Hydro" for "Northern Hydro") is that organisation, when the word is neither a place nor a
common noun and exactly one organisation of the article ends in it. "France" is never "Air
France". The articles are invented."""

from __future__ import annotations

from quotetrack.attribution.name_matching import closing_word_names_it
from quotetrack.quotes import extract_quotes

ICE_STORM = """Power restored to most homes after ice storm

Northern Hydro said on Sunday that power had been restored to 90 percent of its customers after Friday's ice storm.

"Our crews have worked around the clock," Hydro said in a statement. Hydro added that the last homes would be reconnected by Tuesday.

Acme Industries Co. said its plant in Dunmore would reopen on Monday. Acme said no workers had been hurt.
"""


def test_a_closing_word_names_its_organisation_unless_a_place_or_a_common_noun():
    assert closing_word_names_it("hydro", "Northern Hydro")
    assert closing_word_names_it("rovers", "Ashworth Rovers")
    assert not closing_word_names_it("france", "Air France")
    assert not closing_word_names_it("korea", "Kia South Korea")
    assert not closing_word_names_it("hospital", "Mercy Hospital")
    assert not closing_word_names_it("scientology", "Rathbun the Scientology")


def test_a_utility_called_by_the_last_word_of_its_name_is_one_speaker(nlp):
    quotes, _ = extract_quotes(ICE_STORM, nlp)
    speakers = {q.text: q.speaker.name for q in quotes if q.speaker is not None}
    assert speakers["Our crews have worked around the clock,"] == "Northern Hydro"
    assert speakers["the last homes would be reconnected by Tuesday"] == "Northern Hydro"
    assert speakers["no workers had been hurt"] == "Acme Industries Co."
