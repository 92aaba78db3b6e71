"""Can it speak? (issue 39): the kind of thing a candidate's mention names, and the epithets
that describe a person the article has named. Texts of our own, through the real pipeline;
none is a sentence of any gold set."""

import pytest

from quotetrack.attribution.speaker_kinds import SpeechKind, kind_of_noun, speech_kind
from quotetrack.quotes import extract_quotes

pytestmark = pytest.mark.model


@pytest.mark.parametrize(
    ("noun", "kind"),
    [
        ("week", SpeechKind.MUTE),  # a time
        ("rate", SpeechKind.MUTE),  # a figure
        ("rocket", SpeechKind.MUTE),  # an object, whatever its fourth sense ("a reprimand")
        ("finding", SpeechKind.MUTE),
        ("governor", SpeechKind.PERSON),
        ("carrier", SpeechKind.PERSON),  # a person in its first sense: may speak
        ("agency", SpeechKind.BODY),
        ("hospital", SpeechKind.BODY),  # a building first, its staff second: may speak
        ("government", SpeechKind.BODY),
        ("statement", SpeechKind.DOCUMENT),
        ("report", SpeechKind.DOCUMENT),
        ("group", SpeechKind.UNKNOWN),  # WordNet's abstract top: anything
        ("zxqv", SpeechKind.UNKNOWN),
    ],
)
def test_a_noun_can_speak_when_one_of_its_common_senses_can(noun, kind):
    assert kind_of_noun(noun) == kind


def test_the_parse_gives_names_pronouns_and_figures_their_kinds(nlp):
    doc = nlp("Maura Healey and the union said on Tuesday that she and they expect 300 jobs; the Brazilian agreed.")
    kinds = {t.text: speech_kind(t) for t in doc}
    assert kinds["Healey"] == kinds["Maura"] == SpeechKind.PERSON
    assert kinds["union"] == SpeechKind.BODY
    assert kinds["she"] == SpeechKind.PERSON and kinds["they"] == SpeechKind.BODY
    assert kinds["Tuesday"] == kinds["300"] == SpeechKind.MUTE
    assert kinds["Brazilian"] == SpeechKind.PERSON  # one demonym, singular: a person described


def _speakers(nlp, text: str) -> list[str | None]:
    quotes, _ = extract_quotes(text, nlp)
    return [q.speaker.name if q.speaker else None for q in quotes]


@pytest.mark.parametrize(
    ("text", "speaker"),
    [
        (
            'Veteran striker Paulo Mendes, 33, returned from injury on Saturday.\n\n"I feel young again," the '
            "Brazilian said after the match.\n",
            "Paulo Mendes",
        ),
        (
            'Kofi Annor scored twice on Saturday for Lakeside.\n\n"The team was brilliant," the 29-year-old '
            "midfielder said after the match.\n",
            "Kofi Annor",
        ),
    ],
)
def test_an_epithet_is_the_one_person_the_story_has_named(nlp, text, speaker):
    assert _speakers(nlp, text) == [speaker]


def test_a_carrier_is_the_airline_not_the_regulator_named_between(nlp):
    text = (
        "Northern Air said on Tuesday it would cut 300 jobs. The Civil Aviation Authority was reviewing the "
        "airline's safety record. The carrier said the cuts would not affect safety.\n"
    )
    assert _speakers(nlp, text) == ["Northern Air", "Northern Air"]


@pytest.mark.parametrize(
    ("text", "reported"),
    [
        (
            "Health minister Priya Natarajan said her office would monitor emergency room wait times throughout "
            "the strike and would publish the figures daily.",
            "her office would monitor emergency room wait times throughout the strike and would publish the "
            "figures daily",
        ),
        (
            "Inspector Daniel Okafor added that his department had reviewed the inspection report and agreed with "
            "its conclusions.",
            "his department had reviewed the inspection report and agreed with its conclusions",
        ),
    ],
)
def test_a_reported_clause_keeps_its_coordinated_predicates_and_whole_noun_phrases(nlp, text, reported):
    """Issue 41, item 7: the parser broke the clause in two ("emergency room wait times": a second
    complement of the cue) or took a verb that reports nothing ("agreed with") for a new report."""
    quotes, _ = extract_quotes(text, nlp)
    assert [q.text for q in quotes] == [reported]
