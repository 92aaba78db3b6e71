"""Pronoun speakers whose antecedent is not a subject of the sentences before, participles that
speak for their main clause, and a title run into a name NER missed. Short texts of our own,
through the real pipeline (spaCy and coreferee; the shipped candidate model)."""

import pytest

from quotetrack.types import Method

from .quotes_found import quote_with, speaker_name

pytestmark = pytest.mark.model


@pytest.mark.parametrize(
    ("text", "fragment", "speaker"),
    [
        (
            "The harbour board met on Tuesday. Board chair Linda Okoye outlined the dredging plan. "
            "Later, Peter Novak's sister begged him to sign the petition, but he replied \"I will not sign "
            'anything I have not read".',
            "I will not sign",
            "Peter Novak",
        ),
        (
            "Councillor Ruth Abara opened the hearing. "
            "Protesters quoted Gerald Mwangi's speech from last year, in which he told the crowd "
            '"The river belongs to everyone".',
            "The river belongs",
            "Gerald Mwangi",
        ),
    ],
)
def test_an_owner_in_the_pronouns_sentence_comes_before_earlier_subjects(nlp, text, fragment, speaker):
    quote = quote_with(nlp, text, fragment)
    assert speaker_name(quote) == speaker
    assert quote.method is Method.PRONOUN_SALIENCE and quote.evidence.startswith("owner ")


def test_a_subject_in_the_pronouns_own_sentence_still_comes_first(nlp):
    text = (
        "Olga Brandt's lawyer, Peter Lind, spoke to reporters after the verdict. "
        'He said "my client will appeal" before leaving the court.'
    )
    quote = quote_with(nlp, text, "my client will appeal")
    assert speaker_name(quote) == "Peter Lind"


@pytest.mark.parametrize("lead", ["whilst also calling", "while calling", "before calling"])
def test_a_participle_after_a_conjunction_speaks_for_the_main_clause(nlp, lead):
    text = (
        'Regional health director Samuel Adeyemi warned that the outbreak "is far from over", '
        f'{lead} on schools to "keep the windows open and the classes small".'
    )
    quote = quote_with(nlp, text, "keep the windows open")
    assert speaker_name(quote) == "Samuel Adeyemi"


def test_a_name_closing_a_title_counts_when_the_article_repeats_the_surname(nlp):
    # "Tavi" is in no first-name lexicon: the surname standing alone later makes it a name.
    text = (
        'Commissioner for Coastal Affairs Tavi Ruuhonen said the new wall "will hold for fifty years". '
        "Ruuhonen did not say what it would cost."
    )
    quote = quote_with(nlp, text, "will hold for fifty years")
    assert speaker_name(quote) == "Tavi Ruuhonen"


def test_without_the_surname_alone_a_title_phrase_is_not_cut_into_a_name(nlp):
    text = 'Commissioner for Coastal Affairs Tavi Ruuhonen said the new wall "will hold for fifty years".'
    quote = quote_with(nlp, text, "will hold for fifty years")
    assert speaker_name(quote) != "Affairs Tavi Ruuhonen"


def test_a_person_the_parser_left_in_apposition_is_an_antecedent(nlp):
    # The parser reads "Writing to three newspapers, Tevita Folau, ..." with the name in
    # apposition to the newspapers and no subject at all.
    text = (
        "Writing to three regional newspapers, Tevita Folau, the Tongan trade minister, expressed his thanks "
        'to the donors. "The harbour will reopen within a month," he wrote.'
    )
    quote = quote_with(nlp, text, "The harbour will reopen")
    assert speaker_name(quote) == "Tevita Folau"
    assert quote.method is Method.PRONOUN_SALIENCE and quote.evidence == "named 'Folau'"


def test_the_capitalised_title_of_one_holder_is_that_holder(nlp):
    # Two people hold a "governor" title; only one is the governor.
    text = (
        "Oregon Governor Mark Whitlock closed the state forests on Friday. "
        'His lieutenant governor, Paul Reyes, said "the closure is necessary".\n\n'
        "Hikers printed the Governor's own words from 2019 on their signs, in which he told campers "
        '"The forests belong to all of us."'
    )
    quote = quote_with(nlp, text, "The forests belong")
    assert speaker_name(quote) == "Mark Whitlock"


def test_a_named_person_of_the_pronouns_gender_beats_a_description_of_unknown_gender(nlp):
    text = (
        'Marta Sorensen, 71, said she had "barely five minutes" to leave her farm. A police officer had knocked '
        "on her door just after noon, as smoke filled the valley.\n\n"
        '"I took the cat and my late husband\'s letters. That is all I have left," she said at a shelter.'
    )
    assert speaker_name(quote_with(nlp, text, "I took the cat")) == "Marta Sorensen"


def test_a_description_of_the_pronouns_gender_keeps_its_place(nlp):
    text = (
        'Marta Sorensen said she had "barely five minutes" to leave her farm. A policewoman had knocked on her '
        "door just after noon.\n\n"
        '"We had to move fast; the wind had turned," she said later.'
    )
    quote = quote_with(nlp, text, "We had to move fast")
    assert "policewoman" in speaker_name(quote)
