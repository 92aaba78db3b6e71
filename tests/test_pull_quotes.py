"""Pull quotes: a paragraph signed by a dash line under it is a direct quote by the signer
(extraction/pull_quotes.py). The articles are our own, written for these tests."""

from __future__ import annotations

import pytest

from quotetrack.quotes import extract_quotes
from quotetrack.types import QuoteKind

pytestmark = pytest.mark.model

ARTICLE = """Ferry strike strands island commuters

Tuesday, May 5, 2026

Hundreds of commuters were stranded on Tuesday as ferry crews walked out over pay.

The harbour board's chair, Miriam Castellanos, said the board had offered a fair deal. "We have met the crews three times this month. Our door stays open, and it will stay open until this is settled," she told reporters.

Our door stays open, and it will stay open until this is settled.

—Miriam Castellanos, chair of the harbour board

The crews' union said the offer fell short of inflation.

We cannot ask people to take a pay cut to keep the boats running.

— Spokesperson, Coastal Workers Union

Ferries are expected to resume on Thursday.
"""


def _by_text(nlp, text):
    quotes, _ = extract_quotes(text, nlp)
    return {text[q.start : q.end]: q for q in quotes}


def test_a_signed_paragraph_is_a_direct_quote_by_the_named_signer(nlp):
    quotes = _by_text(nlp, ARTICLE)
    pulled = quotes["Our door stays open, and it will stay open until this is settled."]
    assert pulled.kind is QuoteKind.DIRECT
    assert pulled.speaker is not None and pulled.speaker.name == "Miriam Castellanos"
    # The body's own quote is still found, once, apart from the pull quote.
    assert any(text.startswith("We have met the crews") for text in quotes)


def test_a_role_alone_signs_for_the_body_named_after_the_comma(nlp):
    quotes = _by_text(nlp, ARTICLE)
    pulled = quotes["We cannot ask people to take a pay cut to keep the boats running."]
    assert pulled.kind is QuoteKind.DIRECT
    assert pulled.speaker is not None and "Coastal Workers Union" in pulled.speaker.name


def test_a_pull_quote_in_quote_marks_is_one_quote_not_two(nlp):
    text = ARTICLE.replace(
        "Our door stays open, and it will stay open until this is settled.\n",
        "\u201cOur door stays open, and it will stay open until this is settled.\u201d\n",
    )
    quotes, _ = extract_quotes(text, nlp)
    pulled = [q for q in quotes if text[q.start : q.end].startswith("Our door stays open")]
    assert len(pulled) == 1 and pulled[0].speaker is not None
    assert pulled[0].speaker.name == "Miriam Castellanos"


def test_a_dash_line_that_is_prose_or_a_caption_above_it_makes_no_quote(nlp):
    text = """Council approves new library

The council approved the library on Monday after a two-hour debate (Photo: City Archive)

\u2014Reporting by Ana Ruiz

The vote was 9-2.

\u2014 The building will open in 2028, the council said.
"""
    quotes, _ = extract_quotes(text, nlp)
    spans = [text[q.start : q.end] for q in quotes]
    assert not any("two-hour debate" in span for span in spans)  # a caption above the dash line
    assert not any(span.startswith("The vote was") for span in spans)  # a sentence after a dash is prose
