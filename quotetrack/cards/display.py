"""Honest labels: how a stored quote is shown to a reader, whatever the page or card.

- A direct quote is the speaker's words: shown inside quotation marks.
- Reported speech (kind ``indirect``) is the outlet's paraphrase: shown WITHOUT quotation
  marks, as speaker + cue + content ("Maura Healey said the state police would not assist").
- A mixed quote puts only its quoted fragments (``fragments`` offsets) inside marks.

Punctuation that belonged to the surrounding sentence (the comma of '"... because we will,"
he said') is trimmed from the display only: stored text and offsets stay exact.

Everything here returns plain strings or (text, quoted) segments; templates escape them.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Protocol

from ..types import QuoteStatus

OPEN, CLOSE = "“", "”"
# Marks printed around a fragment in the source; the display draws its own.
_MARKS = "\"“”„«»‘’'"
# A trailing comma, semicolon, colon or dash belongs to the sentence the quote sat in.
_TRAILING = re.compile(r"[\s,;:\u2013\u2014-]+$")
# Participles and gerunds used as cues ("..., saying the city will not help") read as a
# finite verb after the speaker's name.
_GERUNDS = {
    "saying": "said",
    "adding": "added",
    "telling": "told",
    "noting": "noted",
    "arguing": "argued",
    "claiming": "claimed",
    "warning": "warned",
    "explaining": "explained",
    "insisting": "insisted",
    "stating": "stated",
    "writing": "wrote",
    "calling": "called",
    "urging": "urged",
    "asking": "asked",
    "suggesting": "suggested",
    "promising": "promised",
    "vowing": "vowed",
    "accusing": "accused",
    "announcing": "announced",
    "acknowledging": "acknowledged",
}
DEFAULT_LOW_CONFIDENCE = 0.8

KIND_LABELS = {
    "direct": "direct quote",
    "indirect": "reported speech (not verbatim)",
    "mixed": "partly quoted",
}

METHOD_LABELS = {  # each reads after "attributed by"
    "signature": "a signature under a post",
    "handle": "a social handle",
    "coordinated": "names given together",
    "explicit_name": "a name in the sentence",
    "apposition": "a name in apposition",
    "surname": "surname",
    "title": "title and surname",
    "organisation": "organisation name",
    "role": "role ('the governor')",
    "lede_description": "a description in the lede",
    "epithet": "an epithet ('the 29-year-old')",
    "owner": "owner ('his office')",
    "organisation_anaphor": "a reference ('the agency')",
    "document_issuer": "the document's issuer",
    "pronoun_salience": "pronoun",
    "pronoun_last_quoted": "pronoun (the last speaker quoted)",
    "pronoun_coref": "pronoun (coreference)",
    "previous_quote": "the previous quote's speaker",
    "context_speech": "the paragraph's reporting clause",
    "context_subject": "the paragraph's subject",
    "floating": "the preceding attributed quote",
    "description": "its description (unnamed source)",
    "interview": "the name an interview answer is printed under",
    "ranked": "the model, among the article's candidates",
    "unresolved": "nothing: no speaker found",
}


class _Speaker(Protocol):
    @property
    def name(self) -> str: ...


class DisplayQuote(Protocol):
    """What the display needs of a quote (StoredQuote has it)."""

    @property
    def text(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def start(self) -> int: ...
    @property
    def cue(self) -> str | None: ...
    @property
    def speaker_mention(self) -> str | None: ...
    @property
    def speaker(self) -> _Speaker | None: ...
    @property
    def fragments(self) -> tuple[tuple[int, int], ...]: ...
    @property
    def confidence(self) -> float: ...
    @property
    def method(self) -> str: ...
    @property
    def status(self) -> str: ...


@dataclass(frozen=True)
class Segment:
    text: str
    quoted: bool  # inside quotation marks on display


@dataclass(frozen=True)
class Display:
    """A quote as shown: `lead` (speaker and cue of reported speech, else empty), then the
    segments; `plain` is the same as one string with the marks drawn in."""

    kind: str
    lead: str
    segments: tuple[Segment, ...]

    @property
    def plain(self) -> str:
        body = "".join(f"{OPEN}{s.text}{CLOSE}" if s.quoted else s.text for s in self.segments)
        return f"{self.lead}{body}"

    @property
    def body(self) -> str:
        """The wording without the lead, marks drawn in."""
        return "".join(f"{OPEN}{s.text}{CLOSE}" if s.quoted else s.text for s in self.segments)


def trim(text: str) -> str:
    """The wording without the sentence's trailing comma, semicolon, colon or dash."""
    trimmed = _TRAILING.sub("", text)
    return trimmed or text


def speaker_name(quote: DisplayQuote) -> str:
    if quote.speaker is not None:
        return quote.speaker.name
    return "An unattributed source"


def lead_parts(quote: DisplayQuote) -> tuple[str, str, str]:
    """(before, speaker, after) of the reporting lead: ('', 'Maura Healey', ' said ') or
    ('According to ', 'ICE', ', '), so a page can link the speaker's name."""
    who = speaker_name(quote)
    cue = " ".join((quote.cue or "said").split())
    folded = cue.lower()
    if folded.startswith("according to"):
        return "According to ", who, ", "
    # Reported speech that opens with a capital ("On Nov. 12, ...", a sentence the outlet printed
    # whole) reads as glued to the cue without a colon: "ICE said: On Nov. 12, ...".
    colon = ":" if quote.kind != "direct" and quote.text.lstrip()[:1].isupper() else ""
    return "", who[:1].upper() + who[1:], f" {_GERUNDS.get(folded, cue)}{colon} "  # it opens the sentence


def reporting_lead(quote: DisplayQuote) -> str:
    """'Maura Healey said ' / 'According to ICE, ': the words that make reported speech read
    as the outlet's account, not the speaker's wording."""
    return "".join(lead_parts(quote))


def _mixed_segments(quote: DisplayQuote) -> list[Segment]:
    text = quote.text
    spans = sorted(
        (max(0, a - quote.start), min(len(text), b - quote.start))
        for a, b in quote.fragments
        if b - quote.start > 0 and a - quote.start < len(text)
    )
    segments: list[Segment] = []
    position = 0
    for a, b in spans:
        if a < position or a >= b:
            continue
        before = text[position:a].rstrip(_MARKS) if a > position else ""
        # The source's own closing mark after the previous fragment, dropped: the display draws it.
        if segments and segments[-1].quoted:
            before = before.lstrip(_MARKS)
        if before:
            segments.append(Segment(before, False))
        fragment = trim(text[a:b].strip(_MARKS))
        if fragment:
            segments.append(Segment(fragment, True))
        position = b
    rest = text[position:]
    if segments and segments[-1].quoted:
        rest = rest.lstrip(_MARKS)
    rest = trim(rest) if rest.strip() else ""
    if rest:
        segments.append(Segment(rest, False))
    if not any(s.quoted for s in segments):
        return own_marks(trim(text))
    # Marks the fragment offsets missed (a fragment cut at the quote's edge): paired on display.
    return [part for s in segments for part in ([s] if s.quoted else own_marks(s.text))]


def display(quote: DisplayQuote) -> Display:
    """How `quote` is shown (see the module docstring)."""
    if quote.kind == "indirect":
        return Display("indirect", reporting_lead(quote), (Segment(trim(quote.text), False),))
    if quote.kind == "mixed":
        return Display("mixed", reporting_lead(quote), tuple(_mixed_segments(quote)))
    return Display("direct", "", (Segment(trim(quote.text), True),))


_DOUBLE_MARKS = '"“”„'
_OPENING_CONTEXT = " \t\n([{\u2014\u2013-/"


def own_marks(text: str) -> list[Segment]:
    """`text` cut into segments, the words it prints in its own double quotation marks quoted
    (the display draws the marks). A mark whose partner fell outside the text (the quote was cut
    before it) pairs with the text's end or start: `she would "rather answer` shows as
    `she would “rather answer”`, never with a lone mark."""
    spans: list[tuple[int, int, int, int]] = []  # (outer start, inner start, inner end, outer end)
    opened: int | None = None
    after = 0  # just after the last pair: where a closing mark without an opening one began
    for at, char in enumerate(text):
        if char not in _DOUBLE_MARKS:
            continue
        straight_opens = char == '"' and (at == 0 or text[at - 1] in _OPENING_CONTEXT)
        if opened is None and (char in "“„" or straight_opens):
            opened = at
        elif opened is not None:
            spans.append((opened, opened + 1, at, at + 1))
            opened, after = None, at + 1
        else:  # a closing mark with no opening one: its words began with the text (or the last pair)
            spans.append((after, after, at, at + 1))
            after = at + 1
    if opened is not None:
        spans.append((opened, opened + 1, len(text), len(text)))
    segments: list[Segment] = []
    position = 0
    for outer_start, inner_start, inner_end, outer_end in spans:
        if outer_start > position:
            segments.append(Segment(text[position:outer_start], False))
        fragment = trim(text[inner_start:inner_end].strip())
        if fragment:
            segments.append(Segment(fragment, True))
        position = outer_end
    if position < len(text):
        segments.append(Segment(text[position:], False))
    return segments or [Segment(text, False)]


def wording(text: str, kind: str) -> Display:
    """A wording without its quote at hand (a statement's wordings, a quote's remarks): a direct
    one in quotation marks; reported speech without them; a mixed one with only the words it
    prints in its own double marks in marks (own_marks). No lead: the page says who spoke."""
    shown = trim(text)
    if kind == "direct":
        return Display("direct", "", (Segment(shown, True),))
    if kind != "mixed":
        return Display("indirect", "", (Segment(shown, False),))
    return Display("mixed", "", tuple(own_marks(shown)))


def excerpt(shown: Display, limit: int) -> Display:
    """`shown` cut to about `limit` characters at a word, an ellipsis inside the segment cut (a
    quoted fragment cut short keeps its marks around what is left)."""
    kept: list[Segment] = []
    left = limit
    for segment in shown.segments:
        if len(segment.text) <= left:
            kept.append(segment)
            left -= len(segment.text)
            continue
        cut = segment.text[:left]
        cut = cut.rsplit(None, 1)[0] if " " in cut.strip() else cut
        kept.append(Segment(cut.rstrip(" ,;:") + "\u2026", segment.quoted))
        break
    return Display(shown.kind, shown.lead, tuple(kept))


def relation_label(
    relation: str, similarity: float, reference: str, shorter: bool | None = None, kind: str | None = None
) -> str:
    """What a wording's relation to `reference` ("the canonical wording", "your text") means to
    a reader, the number only where it says something (how alike a near-verbatim wording is):
    'part of the canonical wording, word for word', never 'fragment (13%)'. `shorter`: whether
    this wording is the shorter of the two (None: not known); `kind`: this wording's (a mixed
    one is a fragment by its quoted words)."""
    if relation == "verbatim":
        return f"the same words as {reference}"
    if relation == "variant":
        return f"nearly the same words as {reference} ({round(similarity * 100)}% alike)"
    if relation == "fragment":
        if kind == "mixed":
            return f"its quoted words are part of {reference}, word for word"
        if shorter is None:
            return f"part of {reference} or holding it, word for word"
        return f"part of {reference}, word for word" if shorter else f"holds {reference} word for word, and more"
    if relation == "paraphrase":
        return f"{reference} in other words (not word for word)"
    return relation.replace("_", " ")


def is_low_confidence(confidence: float, threshold: float = DEFAULT_LOW_CONFIDENCE) -> bool:
    return confidence < threshold


def method_label(method: str) -> str:
    return METHOD_LABELS.get(method, method.replace("_", " "))


def kind_label(kind: str) -> str:
    return KIND_LABELS.get(kind, kind)


def percent(confidence: float) -> str:
    """A whole percentage, except that an attribution short of certain never reads "100%":
    0.997 is "99.7%" (floored to one decimal, so never rounded up to certainty)."""
    whole = round(confidence * 100)
    if whole >= 100 and confidence < 1:
        return f"{min(math.floor(confidence * 1000), 999) / 10:.1f}%"
    return f"{whole}%"


IDENTITY_LABELS = {  # how a quote's speaker was matched to the same person in other articles
    "new": "first seen in this article: no earlier speaker matched",
    "same_name": "matched across articles by the same full name",
    "organization_alias": "matched across articles by an organisation's name or alias",
    "surname_in_article": "matched by surname to the full name given in the article",
    "surname_unique": "matched across articles by surname: the one compatible person on record",
    "surname_clue": "matched across articles by surname: the one on record whose first name the article gives",
    "surname_prominent": "matched across articles by surname: far the most quoted of the people on record",
    "surname_ambiguous": "surname only: several people on record could be meant, kept apart",
    "article_local": "not matched across articles (a group, an unnamed source or not a proper name)",
    "description_in_article": "a description of a speaker the article names",
    "kind_and_place": "matched across articles: the one organisation on record of this kind and a place named here",
    "editor": "set by an editor's correction",
}


def identity_label(method: str) -> str:
    """A human phrase for a cross-article identity method; never the raw method name."""
    return IDENTITY_LABELS.get(method, "matched across articles")


def facts(kind: str, method: str, confidence: float, threshold: float = DEFAULT_LOW_CONFIDENCE) -> str:
    """'reported speech (not verbatim) · attributed by surname · confidence 90%' (+ check it)."""
    parts = [kind_label(kind), f"attributed by {method_label(method)}", f"confidence {percent(confidence)}"]
    if is_low_confidence(confidence, threshold):
        parts.append("low confidence: check the attribution")
    return " · ".join(parts)


# A superseded quote still renders (a CMS embedded its id), saying that it was revised.
REVISED = "revised: the article's current version reads otherwise"


def small_print(quote: DisplayQuote, threshold: float = DEFAULT_LOW_CONFIDENCE) -> str:
    """A quote's kind, attribution method and confidence (see facts); first, for a quote a
    revision or a re-extraction superseded, that it was revised."""
    described = facts(quote.kind, quote.method, quote.confidence, threshold)
    return f"{REVISED} · {described}" if quote.status == QuoteStatus.SUPERSEDED else described
