"""Small dependency-tree helpers shared by the extractors, and `speaker_head`: who speaks for a
cue, by the ordered rules of speaker_rules.py. The quote mask and the cue tests live in
tokens.py, below both, and are handed on from here."""

from __future__ import annotations

from bisect import bisect_right

from spacy.tokens import Doc, Span, Token

from .entity_names import joined_organisations, name_part
from .speaker_rules import QUOTED_AS as QUOTED_AS
from .speaker_rules import (
    SpeakerRule,
    according_to_object,
    climbed_subject,
    described_after_closing_quote,
    main_clause_subject,
    name_after_according_to,
    name_after_cue,
    name_before_comma,
    named_before_relative_clause,
    noun_before,
    outer_speech_frame,
    per_source,
)
from .speaker_rules import _subject_of as _subject_of
from .tokens import QuoteMask as QuoteMask
from .tokens import is_according_to as is_according_to
from .tokens import is_cue as is_cue
from .tokens import is_per_source as is_per_source
from .tokens import is_words_of as is_words_of

# Dependents that belong to a speaker's noun phrase, left of its head.
_NP_LEFT = {"det", "compound", "amod", "poss", "nmod", "nummod", "case", "punct", "flat", "prt"}


def doc_text(doc: Doc) -> str:
    """`doc.text`, built once per Doc: spaCy joins every token on each access, so reading it
    once per quote is quadratic in the article's length."""
    text = doc.user_data.get("quotetrack.text")
    if text is None:
        text = doc.user_data["quotetrack.text"] = doc.text
    return text


def token_starts(doc: Doc) -> dict[int, Token]:
    """Each token by the character offset of its first character, built once per Doc."""
    starts = doc.user_data.get("quotetrack.token_starts")
    if starts is None:
        starts = doc.user_data["quotetrack.token_starts"] = {t.idx: t for t in doc}
    return starts


def _entities(doc: Doc) -> tuple[tuple[Span, ...], list[int]]:
    """`doc.ents` and their starts, built once per Doc (spaCy builds the tuple on each access).
    A person's entity holds only the words that name the person (entity_names.name_part), an
    organisation's is not cut at a possessive (entity_names.joined_organisations)."""
    cached = doc.user_data.get("quotetrack.ents")
    if cached is None:
        text = doc_text(doc)
        named = (name_part(e, text) if e.label_ == "PERSON" else e for e in doc.ents)
        ents = joined_organisations(tuple(e for e in named if e is not None))
        cached = doc.user_data["quotetrack.ents"] = (ents, [e.start for e in ents])
    return cached


def entities(doc: Doc) -> tuple[Span, ...]:
    return _entities(doc)[0]


def entities_within(doc: Doc, start: int, end: int) -> list[Span]:
    """The entities lying wholly in tokens [start, end): a search, not a scan of every entity."""
    ents, starts = _entities(doc)
    first = bisect_right(starts, start - 1)
    return [e for e in ents[first : bisect_right(starts, end - 1)] if e.end <= end]


def entity_containing(doc: Doc, i: int) -> Span | None:
    """The entity token `i` belongs to (entities never overlap), if any."""
    ents, starts = _entities(doc)
    index = bisect_right(starts, i) - 1
    return ents[index] if index >= 0 and i < ents[index].end else None


def is_acronym(token: Token) -> bool:
    text = token.text.rstrip(".")
    return 2 <= len(text) <= 6 and text.isupper() and text.isalpha()


def noun_phrase(head: Token) -> Span:
    """The speaker noun phrase of `head`: its left modifiers and head, without clauses,
    prepositional tails or appositions. An acronym stands alone from proper nouns run into
    it by a lost space ("Great Barrington ICE said" -> "ICE")."""
    start = head.i
    for child in sorted(head.lefts, key=lambda t: t.i, reverse=True):  # nearest first
        if child.dep_ not in _NP_LEFT:
            break
        if is_acronym(head) and child.pos_ == "PROPN" and not is_acronym(child):
            break
        start = child.left_edge.i
    doc = head.doc
    while start < head.i and doc[start].is_punct:
        start += 1
    return doc[start : head.i + 1]


def apposition(head: Token) -> Span | None:
    """ "Patricia Hyde, acting director of ERO's Boston office" -> the appositive phrase."""
    for child in head.rights:
        if child.dep_ == "appos":
            return head.doc[child.left_edge.i : child.right_edge.i + 1]
    return None


# Who speaks for a cue, precise rules first: the first that answers decides (speaker_rules.py).
SPEAKER_RULES: tuple[SpeakerRule, ...] = (
    per_source,
    according_to_object,
    name_after_according_to,
    main_clause_subject,
    outer_speech_frame,
    climbed_subject,
    noun_before,
    name_before_comma,
    named_before_relative_clause,
    name_after_cue,
    described_after_closing_quote,
)


def speaker_head(cue: Token, mask: QuoteMask) -> Token | None:
    """The head token of the speaker mention for a cue verb, or None: the first of
    SPEAKER_RULES that answers ("Musk struck a tone, lamenting ..." climbs from the
    participle to the verb with the subject; "criticized X for saying ..." makes X the
    speaker). A rule may answer that nobody speaks ("she was told")."""
    for rule in SPEAKER_RULES:
        found = rule(cue, mask)
        if found is not None:
            return found if isinstance(found, Token) else None
    return None


def char_span(doc: Doc, start: int, end: int) -> Span | None:
    return doc.char_span(start, end, alignment_mode="expand")
