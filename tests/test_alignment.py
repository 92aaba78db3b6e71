"""Two outlets' reports of one speaker, read side by side (statements/alignment.py): a claim
that is the other's single best match across two articles links, even when the words they
share are too few for a paraphrase; anything that turns one against the other, or a rival
as close, keeps them apart. The rule on its own, then linking in a real (SQLite) database;
the articles are invented."""

from __future__ import annotations

import itertools
from datetime import date
from types import SimpleNamespace

import pytest

from quotetrack.quotes import extract_quotes
from quotetrack.statements import alignment, paraphrase
from quotetrack.types import Article

from .test_events import _partition, _statements

REOPEN = "the city would reopen the Elm Street library branch by the autumn"
WELCOME = "The Elm Street branch will welcome readers again before winter with longer hours"
NOT_WELCOME = "the Elm Street branch will not welcome readers again before spring"


def wording(cid: int, text: str, event: dict | None = None) -> SimpleNamespace:
    return SimpleNamespace(id=cid, text=text, event=event)


def test_two_shared_words_are_a_counterpart_though_not_a_paraphrase():
    assert paraphrase.paraphrase_score(REOPEN, WELCOME) is None  # too few words for a paraphrase
    score = alignment.counterpart_score(wording(1, REOPEN), wording(2, WELCOME))
    assert score is not None and score >= alignment.MIN_DICE
    assert alignment.counterpart_score(wording(2, WELCOME), wording(1, REOPEN)) == score
    # Nothing in common but the place: no counterpart.
    assert alignment.counterpart_score(wording(1, REOPEN), wording(3, "the Elm Street pool stays shut")) is None


def test_counterparts_match_words_one_derivational_link_apart_and_paraphrase_does_not():
    a, b = "the board will decide on the merger next week", "a decision about the merger is due from the board"
    assert paraphrase.lexical_similarity(a, b)[0] == 2  # board, merger
    assert paraphrase.lexical_similarity(a, b, alignment.LINKS)[0] == 3  # and decide / decision
    score = alignment.counterpart_score(wording(1, a), wording(2, b))
    assert score is not None and score > paraphrase.lexical_similarity(a, b)[2]


def test_negation_months_and_another_patient_keep_counterparts_apart():
    assert alignment.counterpart_score(wording(1, WELCOME), wording(2, NOT_WELCOME)) is None
    assert (
        alignment.counterpart_score(
            wording(1, "the branch will welcome readers again in March"),
            wording(2, "the branch will welcome readers again in October with longer hours"),
        )
        is None
    )
    him = {"predicate": "arrest", "patient": ["name:ruiz"], "agent": ["noun:police"]}
    other = {"predicate": "arrest", "patient": ["noun:immigrant"], "agent": []}
    first = wording(1, "police arrested him on charges of burglary", him)
    second = wording(2, "it had arrested an immigrant charged with burglary last week", other)
    assert alignment.resemblance(first, wording(2, second.text)) is not None  # the words alone would
    assert alignment.resemblance(first, second) is None  # one act, done to two people


def test_only_each_others_single_best_match_is_a_counterpart():
    a, b = wording(1, REOPEN), wording(2, WELCOME)
    score = alignment.counterpart_score(a, b)
    assert score is not None
    assert alignment.mutual_best(a, b, score, [a], [b])
    # A claim of b's article as close to a: which of the two is meant is unknown.
    twin = wording(3, WELCOME.replace("The Elm", "And the Elm"))
    assert not alignment.mutual_best(a, b, score, [a], [b, twin])
    # A claim of a's article closer to b.
    closer = wording(4, "the Elm Street branch will welcome readers again before winter")
    assert not alignment.mutual_best(a, b, score, [a, closer], [b])
    # Claims of either article that resemble neither do not matter.
    aside = wording(5, "parking fees downtown would not rise this year")
    assert alignment.mutual_best(a, b, score, [a, aside], [b, aside])


MONDAY = f"""Library branch to return, mayor says

Mayor Dana Whitlock said on Monday that {REOPEN}.

Whitlock also said parking fees downtown would not rise this year.
"""
TUESDAY = f"""Whitlock: flooded branch back before winter

{WELCOME}, Mayor Dana Whitlock told residents on Tuesday.

She said the council had found money for two extra librarians.
"""
LATER = f"""Council split on library

Mayor Dana Whitlock said {NOT_WELCOME}.

Whitlock said the council would vote on the parking budget in June.
"""


@pytest.fixture(scope="module")
def extracted(nlp):
    articles = [
        Article(MONDAY, "Gazette", "a", "https://example.invalid/gazette", date(2026, 3, 2)),
        Article(TUESDAY, "Courier", "b", "https://example.invalid/courier", date(2026, 3, 3)),
        Article(LATER, "Herald", "c", "https://example.invalid/herald", date(2026, 3, 9)),
    ]
    return [(article, extract_quotes(article.text, nlp)[0]) for article in articles]


@pytest.mark.model
def test_counterparts_in_two_outlets_are_one_statement_in_any_order(extracted):
    partitions = set()
    for order in itertools.permutations(range(3)):
        found = _statements(extracted, order)  # test_events': each article stored, claims read back
        assert found[REOPEN] == found[WELCOME]
        assert found[NOT_WELCOME] != found[REOPEN]  # the opposite, a week later
        assert found["parking fees downtown would not rise this year"] != found[REOPEN]
        assert len(set(found.values())) == 5
        partitions.add(_partition(found))
    assert len(partitions) == 1
