"""Quote spans stop where a scrape lost the break between two words (issue 23).

The article below is invented, of the kind the seeds hold: a reported clause followed by the
writer's aside after an em dash the scrape dropped ("expansiona remark"), and a lowercase word
run into the acronym that speaks ("SpringfieldDEA said"). Nothing is faked: the real pipeline
parses and attributes it."""

from __future__ import annotations

from quotetrack.quotes import extract_quotes

ARTICLE = """Council approves budget after long night

Springfield Mayor Dana Okafor said Tuesday in a radio interview that the city would not pay for \
the proposed stadium expansiona remark that was replayed on sports talk shows all week.

On March 3, agents seized 40 kilograms of fentanyl at a warehouse in East SpringfieldDEA said.

“We will keep the libraries open — all of them,” Okafor said.
"""


def _quote(nlp, words):
    quotes, _ = extract_quotes(ARTICLE, nlp)
    return next(q for q in quotes if words in q.text)


def test_reported_clause_stops_at_the_lost_dash(nlp):
    quote = _quote(nlp, "stadium")
    assert quote.text == "the city would not pay for the proposed stadium expansion"
    assert ARTICLE[quote.start : quote.end] == quote.text
    assert [ARTICLE[s:e] for s, e in quote.claims] == [quote.text]
    assert quote.speaker is not None and quote.speaker.name == "Dana Okafor"


def test_reported_clause_stops_before_the_acronym_that_speaks(nlp):
    quote = _quote(nlp, "fentanyl")
    assert quote.text.endswith("at a warehouse in East Springfield")
    assert quote.speaker is not None and quote.speaker.name == "DEA"


def test_a_dash_inside_quote_marks_is_the_speakers_own(nlp):
    assert _quote(nlp, "libraries").text.startswith("We will keep the libraries open — all of them")
