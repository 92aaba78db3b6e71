"""Issue 41 items 3 and 6: words beside a name that are not the name, nor its title.

A possessive place before a name ("Dunmore's Aoife Rennick") says where the person is from;
a person's name never holds it. A title names a role: not an age ("Ortiz, 34,"), not a count
("Another nurse"), not an honorific the parser hung on it ("chief executive, Dr."). Every
article here is invented."""

from __future__ import annotations

import pytest

from quotetrack.attribution.names import canonical_person
from quotetrack.attribution.title_text import title_text
from quotetrack.quotes import extract_quotes

HALF_MARATHON = """Dunmore runners shine on a cold morning in Galway

More than 400 runners lined up for the Galway half marathon on Sunday.

Dunmore's Aoife Rennick said the pitch of the final hill had caught out most of the field.

"I have never run a course this hard," Rennick said. "The last mile felt like ten."

Kirkby's Ciara Doak, 24, said the wind had dropped just in time.
"""

STRIKE = """Nurses at St. Brendan's walk out over staffing

Nurses at St. Brendan's Medical Center in Port Alder walked off the job on Tuesday morning.

The hospital's chief executive, Dr. Helen Marsh, said patients would still be seen. "No one who needs care will be turned away," Marsh said.

One nurse, Maria Ortiz, said the wards had been short-staffed for a year. Another nurse, Jo Baines, said she had worked four double shifts in a week.
"""


@pytest.mark.parametrize(
    ("written", "name"),
    [
        ("Leeds's Amy Clarke", "Amy Clarke"),
        ("Leeds’s Amy Clarke", "Amy Clarke"),
        ("Wales' Gareth Pryce", "Gareth Pryce"),
        ("Team GB's Amy Clarke", "Amy Clarke"),
        ("Amy O'Neill", "Amy O'Neill"),
        ("Charles Jones", "Charles Jones"),
    ],
)
def test_a_possessive_before_a_name_is_not_the_name(written, name):
    assert canonical_person(written)[1] == name


@pytest.mark.parametrize(
    ("written", "title"),
    [
        ("hospital's chief executive, Dr.", "hospital's chief executive"),
        ("Another nurse", "nurse"),
        ("One nurse", "nurse"),
        ("Dr.", "Dr."),
        ("34", None),
        ("acting Field Office Director", "acting Field Office Director"),
    ],
)
def test_a_title_holds_a_role_not_an_age_a_count_or_the_names_honorific(written, title):
    assert title_text(written) == title


def test_a_runner_from_a_town_is_named_without_the_town(nlp):
    quotes, _ = extract_quotes(HALF_MARATHON, nlp)
    people = {q.speaker.name: q.speaker for q in quotes if q.speaker is not None}
    assert set(people) == {"Aoife Rennick", "Ciara Doak"}
    assert people["Ciara Doak"].titles == ()


def test_titles_from_appositions_are_roles(nlp):
    quotes, _ = extract_quotes(STRIKE, nlp)
    titles = {q.speaker.name: q.speaker.titles for q in quotes if q.speaker is not None}
    assert titles["Helen Marsh"] == ("Dr.", "hospital's chief executive")
    assert titles["Maria Ortiz"] == ("nurse",)
    assert titles["Jo Baines"] == ("nurse",)
