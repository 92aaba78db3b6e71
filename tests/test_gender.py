"""first_name_gender: a strong majority in nomquamgender's data, else None."""

from __future__ import annotations

import pytest

from quotetrack.attribution.gender import first_name_gender


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Angela", "female"),
        ("Lydia Buchtmann", "female"),
        ("Jacinda Ardern", "female"),
        ("John", "male"),
        ("Emmanuel Macron", "male"),
        ("Recep Tayyip Erdoğan", "male"),
        ("Narendra Modi", "male"),
    ],
)
def test_strongly_gendered_first_names_get_their_gender(name, expected):
    assert first_name_gender(name) == expected


@pytest.mark.parametrize("name", ["Jean", "Kim", "Taylor Swift", "Nicola Sturgeon"])
def test_names_given_to_both_genders_give_no_answer(name):
    assert first_name_gender(name) is None


@pytest.mark.parametrize("name", ["", "   ", "J. K. Rowling", "Xqzzyv", "FEMA"])
def test_initials_unknown_words_and_empty_input_give_no_answer(name):
    assert first_name_gender(name) is None


def test_case_and_accents_do_not_matter():
    assert first_name_gender("JOSÉ") == first_name_gender("jose") == "male"
    assert first_name_gender("Zoë") == "female"
