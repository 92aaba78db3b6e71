"""Interview answers: "Name: ..." paragraphs of a question-and-answer run are direct quotes of
the person the label names; labelled paragraphs outside a Q&A are not."""

from __future__ import annotations

import pytest

from quotetrack.extraction.interview import interview_answers
from quotetrack.extraction.marks import paragraphs
from quotetrack.quotes import extract_quotes
from quotetrack.types import Method, QuoteKind

INTERVIEW = (
    "Harbour authority names new chief pilot\n\n"
    "The port has appointed Ingrid Solberg as its chief pilot. We spoke to her after the announcement.\n\n"
    "How does it feel to take the job?\n\n"
    "Ingrid: It is an honour and a big responsibility. The harbour has changed a lot since I started.\n\n"
    "First, the ships are twice as long as they were twenty years ago.\n\n"
    "Second, the channel has not been dredged since 2011.\n\n"
    "((Reporter)) What will you change first?\n\n"
    "Ingrid: The night schedule. ((no)) Nattruta.\n\n"
    "The port expects the first dredging contract next spring."
)


def answers_of(text: str) -> list[tuple[str | None, str]]:
    return [(a.label, text[a.start : a.end]) for a in interview_answers(text, paragraphs(text), set())]


def test_answers_and_their_continuations_are_found_with_the_label():
    found = answers_of(INTERVIEW)
    assert found == [
        ("Ingrid", "It is an honour and a big responsibility. The harbour has changed a lot since I started."),
        ("Ingrid", "First, the ships are twice as long as they were twenty years ago."),
        ("Ingrid", "Second, the channel has not been dredged since 2011."),
        ("Ingrid", "The night schedule."),  # a tagged translation is not what she said
    ]


def test_labelled_paragraphs_outside_a_question_and_answer_run_are_not_answers():
    text = (
        "Council approves budget\n\n"
        "Update: The vote was moved to Thursday.\n\n"
        "Marta Lind: a profile of the new treasurer follows below.\n\n"
        "The council approved the budget by seven votes to two."
    )
    assert answers_of(text) == []


def test_a_labelled_question_is_never_an_answer():
    text = "Reporter: Why now?\n\nAna Ruiz: Because the money is finally there."
    assert answers_of(text) == [("Ana Ruiz", "Because the money is finally there.")]


@pytest.mark.model
def test_an_answer_is_a_direct_quote_of_the_person_the_label_names(nlp):
    quotes, _ = extract_quotes(INTERVIEW, nlp)
    answers = [q for q in quotes if q.method is Method.INTERVIEW or q.text.startswith(("It is an honour", "First,"))]
    assert answers and all(q.kind is QuoteKind.DIRECT for q in answers)
    assert {q.speaker.name for q in answers if q.speaker} == {"Ingrid Solberg"}
