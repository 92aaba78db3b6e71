"""Interview answers: a paragraph that opens with the interviewee's name and a colon.

Q&A interviews print no quote marks and no reporting verb:

    How do you feel about the selection?
    Ana Ruiz: The whole team is delighted ...
    Secondly, it will be ...             (the answer goes on)

An answer is a labelled paragraph ("Name: ...") inside a question-and-answer run: a question
(a paragraph ending in "?") comes before it, or an earlier answer with the same label does.
Unlabelled paragraphs right after an answer continue it while the run goes on (another
question or answer follows). The label names the speaker; attribution resolves it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..types import QuoteKind
from .candidate import Candidate

# "Ana Ruiz: ...", "Patricio: ...", "Dr. Okafor: ...": one to four capitalised words, a colon.
_LABEL = re.compile(r"([A-Z][\w.’'-]*(?: [A-Z][\w.’'-]*){0,3}):[ \t]+(?=\S)")
# Labels that introduce something other than a speaker's words.
_NOT_SPEAKERS = frozenset(
    "image photo photos video source sources update note editor editors correction caption credit "
    "see also related read watch listen contact email tel phone fax web website q a".split()
)
# An editorial tag in double brackets: "((Interviewer))" opening the interviewer's turn, "((es))"
# before a translation of the answer (not the speaker's words as printed).
_TAG = re.compile(r"\(\([^()\n]{1,40}\)\)")
# How many paragraphs after a question or an answer an answer may still come.
RUN_GAP = 3


@dataclass(frozen=True)
class _Paragraph:
    index: int
    start: int
    end: int
    label: str | None
    body_start: int
    question: bool


def interview_answers(text: str, bounds: list[tuple[int, int]], noise: set[int]) -> list[Candidate]:
    """Every answer of every Q&A run in the article, labelled with its speaker's name."""
    paragraphs = [_read(index, start, end, text) for index, (start, end) in enumerate(bounds) if index not in noise]
    paragraphs = [p for p in paragraphs if p.end > p.start]
    answers: list[Candidate] = []
    last_question = last_answer = -RUN_GAP - 1
    last_label: str | None = None
    for position, paragraph in enumerate(paragraphs):
        if paragraph.question:
            last_question = position
            continue
        label = paragraph.label
        if label is not None:
            after_question = position - last_question <= RUN_GAP
            same_speaker_again = label == last_label and position - last_answer <= RUN_GAP
            if after_question or same_speaker_again:
                answers.append(_answer(paragraph, label))
                last_answer, last_label = position, label
            continue
        if last_label is not None and position - last_answer == 1 and _run_goes_on(paragraphs, position):
            answers.append(_answer(paragraph, last_label, body_start=paragraph.start))
            last_answer = position
    return answers


def _read(index: int, start: int, end: int, text: str) -> _Paragraph:
    body = text[start:end]
    stripped = body.rstrip()
    if _TAG.match(stripped):  # the interviewer's turn, a question or not ("((Q)) Thank you.")
        return _Paragraph(index, start, start + len(stripped), None, start, True)
    tag = _TAG.search(stripped)
    if tag is not None:  # the answer as printed ends where a tagged translation or note begins
        stripped = stripped[: tag.start()].rstrip()
    end = start + len(stripped)
    match = _LABEL.match(body)
    label = None
    if match is not None and match.group(1).lower().rstrip(".") not in _NOT_SPEAKERS:
        label = match.group(1)
    body_start = start + match.end() if label is not None and match is not None else start
    # A labelled question ("Interviewer: Why now?") is a question too, never an answer.
    return _Paragraph(index, start, end, label, body_start, stripped.endswith("?"))


def _run_goes_on(paragraphs: list[_Paragraph], position: int) -> bool:
    """An unlabelled paragraph continues an answer only inside the run: a question or an
    answer comes within RUN_GAP paragraphs after it."""
    later = paragraphs[position + 1 : position + 1 + RUN_GAP]
    return any(p.question or p.label is not None for p in later) and not paragraphs[position].question


def _answer(paragraph: _Paragraph, label: str, body_start: int | None = None) -> Candidate:
    start = paragraph.body_start if body_start is None else body_start
    return Candidate(start, paragraph.end, QuoteKind.DIRECT, label=label, paragraph=paragraph.index)
