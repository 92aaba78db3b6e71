"""The error breakdown of benchmarks/speaker_identity.py: each cause is told apart from the
others, so the team reads the right part of the pipeline off it."""

from __future__ import annotations

from benchmarks.speaker_identity_breakdown import Judged, mix_cause, name_cause, split_cause


def quote(article, speaker, name, mention, right, gold, gold_name, kind="person") -> Judged:
    return Judged(article, speaker, name, kind, mention, right, gold, gold_name)


def test_a_wrong_speaker_in_the_article_is_attribution_and_a_join_of_two_right_ones_is_identity():
    host = [quote("a", "1", "Ilse Brandt", "Ilse Brandt", True, "ilse brandt", "Ilse Brandt")]
    wrong = quote("a", "1", "Ilse Brandt", "Ilse Brandt", False, "piet brandt", "Piet Brandt")
    assert mix_cause(wrong, host).startswith("attribution")
    joined = quote("b", "1", "Ilse Brandt", "Brandt", True, "piet brandt", "Piet Brandt")
    assert mix_cause(joined, host) == "identity (across articles): same surname"


def test_splits_say_whether_a_title_an_acronym_or_a_description_kept_them_apart():
    main = [quote("a", "1", "Ilse Brandt", "Ilse Brandt", True, "ilse brandt", "Ilse Brandt")]
    assert split_cause([quote("b", "2", "Mayor Ilse Brandt", "x", True, "ilse brandt", "")], main) == (
        "a title in the name"
    )
    org = [quote("a", "3", "Harbour Safety Board", "x", True, "hsb", "", "organization")]
    assert split_cause([quote("b", "4", "HSB", "HSB", True, "hsb", "", "organization")], org) == "acronym"
    assert split_cause([quote("b", "5", "Ilse", "Ilse", True, "ilse brandt", "")], main) == "first name only"
    wrong = [quote("b", "6", "Piet Brandt", "Piet Brandt", False, "ilse brandt", "")]
    assert split_cause(wrong, main).startswith("attribution")


def test_wrong_names_are_told_apart():
    assert name_cause("Mayor Ilse Brandt", "person", "Ilse Brandt") == "title left in"
    assert name_cause("HSB", "organization", "Harbour Safety Board") == "acronym for the full name"
    assert name_cause("officials", "group", "harbour officials") == "description cut short"
    assert name_cause("Brandt", "person", "Ilse Brandt") == "a shorter variant chosen"
    assert name_cause("Piet Brandt", "person", "Ilse Brandt", gold_alias=True).startswith("a gold alias")
