"""What an extractor finds before attribution resolves the speaker."""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Span, Token

from ..types import QuoteKind


@dataclass(frozen=True)
class Candidate:
    start: int  # content offsets in the *repaired* text (see normalization.text)
    end: int
    kind: QuoteKind
    cue: Token | None = None
    speaker_head: Token | None = None  # head of the speaker mention in the doc
    speaker_text: str | None = None  # a speaker known only as text (signature lines)
    fragments: tuple[tuple[int, int], ...] = ()
    paragraph: int = 0
    inherits: bool = False  # no attribution of its own: takes the previous quote's speaker
    open_ended: bool = False  # ran to its paragraph's end with no closing mark: continues in the next
    label: str | None = None  # the name an interview answer is printed under ("Ana Ruiz: ...")

    @property
    def cue_text(self) -> str | None:
        if self.cue is None:
            return None
        return {"according": "according to", "words": "in the words of"}.get(self.cue.lower_, self.cue.text)

    def overlap(self, other: Candidate) -> int:
        return max(0, min(self.end, other.end) - max(self.start, other.start))

    def contains(self, start: int, end: int) -> bool:
        return self.start <= start and end <= self.end


def trim(span: Span) -> tuple[int, int]:
    """Character bounds of a content span without edge punctuation, marks and 'that'."""
    tokens = [t for t in span]
    while tokens and (
        tokens[0].is_punct
        or tokens[0].is_space
        or tokens[0].dep_ == "mark"
        and tokens[0].lower_ in {"that", "whether", "if"}
    ):
        tokens.pop(0)
    while tokens and (_edge_punctuation(tokens[-1]) or tokens[-1].is_space or tokens[-1].dep_ == "cc"):
        tokens.pop()
    if not tokens:
        return span.start_char, span.start_char
    return tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)


def _edge_punctuation(token) -> bool:
    """Punctuation a span may end without: not a per cent sign, which is the figure's ("7%")."""
    return token.is_punct and token.text != "%"
