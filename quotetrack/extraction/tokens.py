"""What one token is: inside quote marks or not (QuoteMask), a cue or not (a reporting verb,
"according to", "per", "in the words of"). The floor that the tree helpers in syntax.py and the
speaker rules in speaker_rules.py both read; syntax.py hands these on to the extractors."""

from __future__ import annotations

from bisect import bisect_right
from itertools import accumulate

from spacy.tokens import Span, Token

from .cues import PARTICLE_CUES, REPORTING_VERBS


class QuoteMask:
    """Which characters of the text are inside quote marks; answers for tokens."""

    def __init__(self, spans: list[tuple[int, int]]):
        self.spans = sorted(spans)
        # Binary search, not a scan: called for every token, so a scan is quadratic in an
        # article with many quotes. reach[i]: the furthest end among spans[: i + 1].
        self._starts = [start for start, _ in self.spans]
        self._reach = list(accumulate((end for _, end in self.spans), max))

    def contains(self, token: Token) -> bool:
        index = bisect_right(self._starts, token.idx) - 1
        return index >= 0 and token.idx < self._reach[index]

    def overlapping(self, start: int, end: int) -> list[tuple[int, int]]:
        """The spans that overlap [start, end), in order."""
        first = bisect_right(self._reach, start)  # spans before it end at or before `start`
        stop = bisect_right(self._starts, end - 1)  # spans from it start at or after `end`
        return [(s, e) for s, e in self.spans[first:stop] if e > start]

    def share_inside(self, span: Span) -> float:
        """Fraction of the span's characters that lie inside quote marks."""
        length = max(1, span.end_char - span.start_char)
        covered = sum(
            max(0, min(end, span.end_char) - max(start, span.start_char))
            for start, end in self.overlapping(span.start_char, span.end_char)
        )
        return covered / length


def _ing_stem_is_cue(word: str) -> bool:
    stem = word[:-3]
    return any(candidate in REPORTING_VERBS for candidate in (stem, stem + "e", stem[:-1]))


def is_cue(token: Token) -> bool:
    """A reporting verb. The parser sometimes tags a participle that introduces a quote as a
    noun ("lamenting, "Why ...""); such an -ing word before a comma or colon counts too."""
    lemma = token.lemma_.lower()
    if lemma in REPORTING_VERBS and (token.pos_ in {"VERB", "AUX"} or token.tag_.startswith("VB")):
        return True
    particle = PARTICLE_CUES.get(lemma)
    if particle is not None and any(c.dep_ in {"prt", "advmod"} and c.lower_ == particle for c in token.children):
        return True
    word = token.lower_
    following = token.nbor(1).text if token.i + 1 < len(token.doc) else ""
    if token.tag_ == "NNS" and word[:-1] in REPORTING_VERBS and following in {",", ":", '"', "“"} and token.i > 0:
        # "The Department of Agriculture notes, "..."": a verb the tagger read as a plural noun.
        return token.nbor(-1).pos_ in {"PROPN", "NOUN", "PRON"}
    return word.endswith("ing") and following in {",", ":"} and _ing_stem_is_cue(word)


def is_according_to(token: Token) -> bool:
    return token.lower_ == "according" and token.i + 1 < len(token.doc) and token.nbor(1).lower_ == "to"


def is_per_source(token: Token) -> bool:
    """ "Per the statement, Franklin died ... "surrounded by family"": a sentence opened by "per"
    and its source, as "according to" opens one (never a rate: "per cent", "$5 per day")."""
    return (
        token.lower_ == "per"
        and token.i == token.sent.start
        and any(c.dep_ == "pobj" and c.pos_ in {"NOUN", "PROPN"} for c in token.children)
    )


def is_words_of(token: Token) -> bool:
    """ "in the words of the prosecutor, X, "..."": a cue for a direct quote."""
    doc = token.doc
    return (
        token.lower_ == "words"
        and 2 <= token.i < len(doc) - 1
        and doc[token.i - 1].lower_ == "the"
        and doc[token.i - 2].lower_ == "in"
        and token.nbor(1).lower_ == "of"
    )
