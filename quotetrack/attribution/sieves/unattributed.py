"""The context sieves: a quote with no subject of its own (a signed pull quote, a quote that
continues another, a paragraph's introduced speaker, a floating quote), and an interview's labels."""

from __future__ import annotations

import re

from spacy.tokens import Token

from ...extraction.candidate import Candidate
from ...extraction.cues import (
    UTTERANCE_NOUNS,
)
from ...extraction.syntax import QUOTED_AS, doc_text, is_cue, noun_phrase
from ...types import Method, SpeakerKind
from ..context import Context, Resolution
from ..mentions import is_pronoun
from ..table import Entry

# How many paragraphs back a floating quote may find its speaker.
FLOATING_PARAGRAPHS = 2


# '"It's a long game." - Matthew Ingram': a name after a dash ends the quote's line.
_SIGNATURE_CHARS = 80
_SIGNED_AFTER = re.compile(r"^[\"”’']?[ \t]*[-–—]{1,2}[ \t]*(?P<name>[A-Z][^\n,;:()]{1,60}?)[ \t]*$")


def signed_after(candidate: Candidate, ctx: Context) -> Resolution | None:
    """A quote whose line ends with a dash and a name the article knows (a pull quote, an
    epigraph) is that person's or organisation's."""
    text = doc_text(ctx.table.doc)
    after = text[candidate.end : candidate.end + _SIGNATURE_CHARS]  # a signature is short: no scan to the line's end
    line_end = after.find("\n")
    if line_end < 0 and candidate.end + _SIGNATURE_CHARS < len(text):
        return None
    signed = _SIGNED_AFTER.match(after if line_end < 0 else after[:line_end])
    if signed is None:
        return None
    name = signed.group("name")
    entry = ctx.table.person(name) or ctx.table.organisation_for(name)
    return Resolution(entry, name, Method.SIGNATURE, "a dash and a name after the quote") if entry else None


def previous_quote(candidate: Candidate, ctx: Context) -> Resolution | None:
    """A quote continued in the same paragraph, or over a paragraph break with no closing
    mark, takes the speaker of the quote it continues."""
    if not ctx.previous:
        return None
    last, resolution = ctx.previous[-1]
    if resolution.entry is None:
        return None
    same_paragraph = last.paragraph == candidate.paragraph
    continued = last.open_ended and candidate.paragraph - last.paragraph == 1
    if not (same_paragraph or continued):
        return None
    introduced = _introduced_between(last.end, candidate.start, ctx) if same_paragraph else None
    if introduced is not None and introduced[0] is not resolution.entry:
        return None  # someone else was introduced after that quote
    return Resolution(resolution.entry, resolution.mention, Method.PREVIOUS_QUOTE, "same paragraph or continued")


def paragraph_context(candidate: Candidate, ctx: Context) -> Resolution | None:
    """The person the quote's paragraph introduced before it: "Heald noted the findings
    show ... "An air-quality cleanup would ..."". The subject of a reporting verb counts
    more than any subject."""
    found = _introduced_between(_paragraph_start(candidate.start, ctx), candidate.start, ctx)
    if found is None:
        return None
    entry, speech, evidence = found
    return Resolution(entry, evidence, Method.CONTEXT_SPEECH if speech else Method.CONTEXT_SUBJECT, evidence)


def floating(candidate: Candidate, ctx: Context) -> Resolution | None:
    """A quoted paragraph with no attribution takes the speaker the previous paragraph
    quoted or introduced (a floating quote). A paragraph with no speaker at all in between
    (a photo caption, a promo) is passed over, up to FLOATING_PARAGRAPHS back."""
    text = doc_text(ctx.table.doc)
    end = _paragraph_start(candidate.start, ctx)
    if end < candidate.start - 2:
        return None  # the quote does not open its paragraph
    looked = 0
    while end > 0 and looked < FLOATING_PARAGRAPHS:
        start = _paragraph_start(end - 1, ctx)
        if text[start:end].strip():
            looked += 1
            entry = _speaker_of_paragraph(start, end, ctx)
            if entry is not None:
                return Resolution(entry, None, Method.FLOATING, f"paragraph {looked} back")
        end = start
    return None


def interview_label(label: str, ctx: Context) -> Resolution:
    """ "Patricio: ..." under "Wikinews interviewed Patricio Lorente": the person the label
    names in full, by surname or by first name; else the label itself, a person."""
    last = label.split()[-1]
    entry = (
        ctx.table.person(label)
        or ctx.table.by_surname(last)
        or ctx.table.by_first_name(label.split()[0])
        or ctx.table.organisation_for(label)
    )
    return Resolution(entry or Entry(label, SpeakerKind.PERSON), label, Method.INTERVIEW, label)


def speaks_first(candidate: Candidate, ctx: Context) -> bool:
    """The quote opens its paragraph (a quotation mark at most before it)."""
    return candidate.start - _paragraph_start(candidate.start, ctx) <= 1


def _paragraph_start(offset: int, ctx: Context) -> int:
    text = doc_text(ctx.table.doc)
    return text.rfind("\n", 0, offset) + 1


def _introduced_between(start: int, end: int, ctx: Context) -> tuple[Entry, bool, str] | None:
    """The last speaker a sentence between `start` and `end` introduces: the subject of a
    reporting verb (True: "Heald noted ...", "She continued:"), else, failing that, the named
    subject of a sentence (False). Text inside quotes is not read."""
    span = ctx.table.doc.char_span(start, end, alignment_mode="contract")
    if span is None or len(span) == 0 or ctx.depth > 1:
        return None
    found: list[tuple[Entry, bool, str]] = []
    for token in span:
        if token.dep_ not in {"nsubj", "nsubjpass"} or ctx.mask.contains(token):
            continue
        verb = token.head
        speech = is_cue(verb) or verb.lemma_.lower() in {"issue", "release", "publish", "continue"}
        owner = _utterance_owner(token)
        if owner is not None:  # "X's most pointed arguments were directed at Y. '...'": X speaks
            token, speech = owner, True
        pronoun = is_pronoun(token)
        if (pronoun and not speech) or (not speech and verb.dep_ not in {"ROOT", "conj"}):
            continue
        if token.dep_ == "nsubjpass" and verb.lemma_.lower() not in QUOTED_AS:
            # "Binyam had been subjected to interviews, "...", "Haddad had been questioned,
            # "..."": done to or asked, not saying ("X was quoted as saying" is X's).
            continue
        if not pronoun and token.pos_ not in {"PROPN", "NOUN"}:
            continue
        entry = ctx.resolve_nested(token).entry
        named = entry is not None and entry.name[:1].isupper()
        if entry is not None and named and entry.kind in {SpeakerKind.PERSON, SpeakerKind.ORGANISATION}:
            found.append((entry, speech, noun_phrase(token).text))
    spoken = [f for f in found if f[1]]
    return (spoken or found)[-1] if found else None


def _utterance_owner(subject: Token) -> Token | None:
    """Whose words a subject is: the possessor of an utterance noun ("his remarks", "X's arguments")."""
    if subject.lemma_.lower() not in UTTERANCE_NOUNS:
        return None
    return next((c for c in subject.children if c.dep_ == "poss" and c.pos_ in {"PROPN", "NOUN", "PRON"}), None)


def _speaker_of_paragraph(start: int, end: int, ctx: Context) -> Entry | None:
    """Who a paragraph last gives the floor to: its last attributed quote, unless a
    reporting clause after it introduces someone else; in a paragraph that quotes nobody,
    the person its last sentence is about ("Local TD Fintan Harte has been raising the alarm
    for years. He didn't hold back when we spoke to him." before a quote with no cue)."""
    quoted = [(c, r) for c, r in ctx.previous if start <= c.start < end and r.entry is not None]
    after = quoted[-1][0].end if quoted else start
    introduced = _introduced_between(after, end, ctx)
    if introduced is not None and introduced[1]:
        return introduced[0]
    if not quoted:
        return _closing_subject(start, end, ctx)
    return quoted[-1][1].entry


def _closing_subject(start: int, end: int, ctx: Context) -> Entry | None:
    """The person a paragraph that quotes nobody ends on: its last sentence's subject, a
    "he" or "she" for someone it names ("Local TD Fintan Harte has been raising the alarm for
    years. He didn't hold back when we spoke to him.") or the name itself ("On the game
    itself, Ashworth was blunter.")."""
    span = ctx.table.doc.char_span(start, end, alignment_mode="contract")
    if span is None or len(span) == 0:
        return None
    sentence = span[-1].sent
    last = span.doc[max(sentence.start, span.start) : span.end]  # the paragraph's last sentence
    subject = next((t for t in last if t.dep_ == "nsubj" and t.head.dep_ == "ROOT"), None)
    named = subject is not None and subject.pos_ == "PROPN" and not ctx.mask.contains(subject)
    if subject is None or (subject.lower_ not in {"he", "she"} and not named):
        return None
    entry = ctx.resolve_nested(subject).entry
    if entry is None or entry.kind is not SpeakerKind.PERSON:
        return None
    named_here = named or any(start <= p < end for p in entry.positions)  # the paragraph is about them
    return entry if named_here else None
