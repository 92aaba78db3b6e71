"""Finding one quote in an extraction, for the attribution tests."""

from quotetrack.quotes import extract_quotes


def quote_with(nlp, text, fragment):
    """The first quote of `text` containing `fragment` (failing the test if there is none)."""
    quotes, _ = extract_quotes(text, nlp)
    matches = [q for q in quotes if fragment in q.text]
    assert matches, f"no quote containing {fragment!r} in {[q.text for q in quotes]}"
    return matches[0]


def speaker_name(quote):
    """The quote's speaker's name as stored, or None when it has none."""
    return quote.speaker.name if quote.speaker else None
