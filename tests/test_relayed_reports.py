"""Nested attributions go to the one who said the words (the development sets' convention:
"Prensa Latina reported that Lage said ..." is Lage's, the outlet an alias): an outlet that
reports another's speech, or quotes someone "as saying", only passes it on. The article is
our own, written for these tests."""

from __future__ import annotations

import pytest

from quotetrack.quotes import extract_quotes

pytestmark = pytest.mark.model

ARTICLE = """Port talks collapse

The Coastal Herald reported that union leader Ines Maalouf said the talks had collapsed overnight.

Radio Vento quoted a port manager as saying that the cranes would stay idle until Monday.

Maalouf told reporters that the union had offered a compromise. She said that her members said they were ready to strike.
"""


def _quotes(nlp):
    quotes, _ = extract_quotes(ARTICLE, nlp)
    return {ARTICLE[q.start : q.end]: (q.speaker.name if q.speaker else None) for q in quotes}


def test_a_relayed_report_is_the_original_speakers_own_words(nlp):
    quotes = _quotes(nlp)
    assert quotes.get("the talks had collapsed overnight") == "Ines Maalouf"
    assert not any(text.startswith("union leader Ines Maalouf said") for text in quotes)


def test_quoted_as_saying_is_the_one_quoted(nlp):
    speaker = _quotes(nlp)["the cranes would stay idle until Monday"]
    assert speaker is not None and speaker != "Radio Vento" and "port manager" in speaker


def test_a_speaker_who_reports_others_still_speaks(nlp):
    # Only a relaying verb passes the words on: "She said that her members said ..." is hers.
    quotes = _quotes(nlp)
    speaker = next(name for text, name in quotes.items() if "ready to strike" in text)
    assert speaker == "Ines Maalouf"
