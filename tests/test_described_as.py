"""'X as "Y"': a cue that describes its object as the quoted words makes a mixed quote, object
included (extraction/direct.py). The sentences are our own, written for this test."""

from __future__ import annotations

import pytest

from quotetrack.quotes import extract_quotes
from quotetrack.types import QuoteKind

pytestmark = pytest.mark.model


def test_a_description_as_quoted_words_is_a_mixed_quote_with_its_object(nlp):
    """'described X as "Y"': the quote is the description, object included (extraction/direct.py)."""
    text = (
        "The opposition leader, Ines Marlowe, described the transport budget as a \u201cslow-motion collapse\u201d "
        "on Wednesday. She also described herself as the \u201conly honest broker\u201d in the chamber. "
        "A columnist described her as \u201ctireless\u201d in a profile last year."
    )
    quotes, _ = extract_quotes(text, nlp)
    spans = {text[q.start : q.end]: q for q in quotes}
    budget = spans["the transport budget as a \u201cslow-motion collapse"]
    assert budget.kind is QuoteKind.MIXED and budget.speaker is not None and budget.speaker.name == "Ines Marlowe"
    assert spans["herself as the \u201conly honest broker"].kind is QuoteKind.MIXED  # a reflexive object is kept
    assert "tireless" in spans and spans["tireless"].kind is QuoteKind.DIRECT  # a pronoun object adds nothing
