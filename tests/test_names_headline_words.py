"""Issue 41 item 8: a speaker's name never holds a verb, a timestamp or a headline's other words.

Every article here is invented; the rules read the parse and the line a name stands on, never
a list of names. "Said" is a real first name: it is a verb only where it reports (a quotation
closes before it, or a colon opening one follows the name)."""

from __future__ import annotations

from quotetrack.normalization.text import normalize
from quotetrack.quotes import extract_quotes

CUP_EXIT = """Coach Dana Reyes Blasts Referees After Cup Exit

Harbour United were knocked out of the cup on Saturday after a late penalty.

"That was the worst decision I have seen in thirty years," Reyes told reporters after the final whistle.

She said the club would write to the league.
"""

STRIKE_LIVE = """Live updates: Harbour strike, day three

2021 9:12PMMarta Keller, the union's lead negotiator, said nobody would return to work until the contract was signed.

2021 9:40PM "We have made our final offer," the port authority said in a statement.
"""

STRIKE_TALKS = """Port talks collapse as strike enters third day

Dockworkers at the port of Kilbride walked out on Monday after talks on a new contract broke down.

Said Marta Keller: "Nobody goes back to work until the contract is signed."

"We have made our final offer," the port authority said in a statement.

"Then there is nothing left to talk about." Said Keller, leaving the talks.

Said Brennan, a crane operator since 1994, said the strike had cost him two weeks' pay.

"Said Brennan is not speaking for the union," Keller told reporters.
"""

APPOINTMENT = """Entrusting Jane Okoro said the plan was ready.

"We start on Monday," Okoro said.
"""


def _speakers(nlp, text: str) -> dict[str, str]:
    quotes, _ = extract_quotes(text, nlp)
    return {q.text: q.speaker.name for q in quotes if q.speaker is not None}


def test_a_title_case_headline_gives_the_name_not_the_verb_and_object_after_it(nlp):
    speakers = _speakers(nlp, CUP_EXIT)
    assert set(speakers.values()) == {"Dana Reyes"}
    assert len(speakers) == 2


def test_a_live_blog_timestamp_run_into_a_name_is_not_the_name(nlp):
    assert normalize("2021 9:12PMMarta Keller said").text == "2021 9:12PM Marta Keller said"
    assert normalize("at 21:40Keller said, at 10:30PM").text == "at 21:40 Keller said, at 10:30PM"
    quotes, _ = extract_quotes(STRIKE_LIVE, nlp)
    named = [q for q in quotes if q.text.startswith("nobody would return")]
    assert named and named[0].speaker is not None
    assert named[0].speaker.name == "Marta Keller"
    assert not any(any(c.isdigit() for c in title) for title in named[0].speaker.titles)


def test_said_reporting_an_inverted_quote_is_the_cue_and_said_as_a_first_name_stays(nlp):
    speakers = _speakers(nlp, STRIKE_TALKS)
    names = set(speakers.values())
    assert "Said Keller" not in names
    assert speakers["Said Brennan is not speaking for the union,"] == "Marta Keller"
    assert speakers["the strike had cost him two weeks' pay"] == "Said Brennan"


def test_a_participle_opening_the_sentence_is_neither_name_nor_title(nlp):
    quotes, _ = extract_quotes(APPOINTMENT, nlp)
    people = {q.speaker for q in quotes if q.speaker is not None}
    assert {p.name for p in people} == {"Jane Okoro"}
    assert all("Entrusting" not in t for p in people for t in p.titles)
