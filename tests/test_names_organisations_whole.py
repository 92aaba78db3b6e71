"""Issue 41 items 4 and 5: an organisation keeps its whole name, and a spokesperson speaks for
the body the story names.

"St. Brendan's Medical Center" is never the generic tail "Medical Center" (which a second
hospital's spokespeople would share); "a chamber spokesman" right after "The Port Alder Chamber
of Commerce said ..." speaks for it, as "a hospital spokesman" speaks for the hospital named
before. Every article here is invented."""

from __future__ import annotations

from quotetrack.quotes import extract_quotes

WINTER = """Two hospitals brace for winter surge

St. Brendan's Medical Center said on Monday that it would open 40 extra beds before December.

"We are preparing for the worst flu season in a decade," a St. Brendan's Medical Center spokeswoman said.

Across town, Mercy General Hospital said it had cancelled elective surgery for two weeks. A hospital spokesman said staff had been recalled from leave.

The Port Alder Chamber of Commerce said local businesses were already short of workers. A chamber spokesman said the surge could close some shops.
"""


def _by_text(nlp, text: str) -> dict[str, tuple[str, str | None]]:
    quotes, _ = extract_quotes(text, nlp)
    return {
        q.text: (q.speaker.name, q.speaks_for.name if q.speaks_for else None) for q in quotes if q.speaker is not None
    }


def test_an_organisation_cut_at_a_possessive_keeps_its_whole_name(nlp):
    found = _by_text(nlp, WINTER)
    assert found["it would open 40 extra beds before December"][0] == "St. Brendan's Medical Center"
    assert not any(name == "Medical Center" for name, _ in found.values())
    assert found["We are preparing for the worst flu season in a decade,"][1] == "St. Brendan's Medical Center"


def test_a_spokesperson_called_by_a_word_of_the_bodys_name_speaks_for_it(nlp):
    found = _by_text(nlp, WINTER)
    assert found["the surge could close some shops"] == (
        "spokesman for the Port Alder Chamber of Commerce",
        "Port Alder Chamber of Commerce",
    )
    assert found["staff had been recalled from leave"][1] == "Mercy General Hospital"
