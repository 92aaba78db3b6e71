"""Who speaks when the subject of the cue is not the speaker: a banner held up, a
spokesperson described by whom they speak for, a quoted clause with narration hung on it.
Short texts of our own, through the real pipeline."""

import pytest

from quotetrack.quotes import extract_quotes
from quotetrack.types import Method, QuoteKind, SpeakerKind

pytestmark = pytest.mark.model


def quote_with(nlp, text, fragment):
    quotes, _ = extract_quotes(text, nlp)
    matches = [q for q in quotes if fragment in q.text]
    assert matches, f"no quote containing {fragment!r} in {[q.text for q in quotes]}"
    return matches[0]


def speaker_name(quote):
    return quote.speaker.name.lower() if quote.speaker else None


@pytest.mark.parametrize(
    ("text", "holder"),
    [
        ('The students walked out of class and waved banners saying, "There is no planet B".', "students"),
        (
            "Teachers also demanded smaller classes, chanting slogans and carrying signs saying, "
            '"Our kids deserve better" outside the hall.',
            "teachers",
        ),
        ('Campaigners stood outside parliament. Their banners said "Hands off our libraries".', "campaigners"),
    ],
)
def test_a_banner_speaks_for_whoever_holds_it_up(nlp, text, holder):
    quotes, _ = extract_quotes(text, nlp)
    assert len(quotes) == 1
    assert speaker_name(quotes[0]) == holder and quotes[0].evidence.startswith("holds the ")


def test_a_banner_someone_else_criticises_is_not_their_words(nlp):
    quote = quote_with(nlp, 'The mayor criticised banners saying, "The council lies to you", at the rally.', "lies")
    assert not (quote.evidence or "").startswith("holds the ")


def test_a_ministrys_spokesman_is_a_source_of_his_own_not_the_ministry(nlp):
    text = (
        "The Health Ministry's spokesman said the clinics would reopen on Monday. "
        '"Nobody will be turned away," he said.'
    )
    first = quote_with(nlp, text, "the clinics would reopen")
    assert first.speaker is not None and first.speaker.kind is SpeakerKind.UNNAMED_SOURCE
    assert "spokesman" in first.speaker.name.lower() and first.method is not Method.OWNER


def test_narration_hung_on_a_quoted_clause_is_not_part_of_the_quote(nlp):
    quote = quote_with(nlp, 'The union said "the strike will go on" as talks resumed.', "the strike will go on")
    assert quote.text == "the strike will go on" and quote.kind is QuoteKind.DIRECT
    # A quoted phrase that is no clause of its own stays inside its mixed quote.
    mixed = quote_with(nlp, 'The mayor said the debate had shown "a clear choice" for voters.', "a clear choice")
    assert mixed.kind is QuoteKind.MIXED and mixed.text.startswith("the debate")
