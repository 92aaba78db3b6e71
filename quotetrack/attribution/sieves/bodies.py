"""The sieves for bodies and what they hold: an owner speaking through "his office" or "her
remarks", whoever holds up a banner, and "the agency" for the organisation of that kind."""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Span, Token

from ...extraction.cues import (
    DOCUMENT_NOUNS,
    ORGANISATION_NOUNS,
    UTTERANCE_NOUNS,
)
from ...extraction.syntax import is_cue, noun_phrase
from ...types import Method, SpeakerKind
from ..context import Context, Resolution
from ..descriptions import (
    is_bare_definite,
)
from ..organisation_kinds import can_be, known_kind
from ..table import Entry

# Bodies that speak for the one who has them ("his office", "Hale's campaign"), unlike a union,
# a party or a company, which a possessive only relates to someone ("their union said").
SERVING_BODIES = frozenset("office campaign administration government team staff".split())
# Things that show words to a crowd: whoever holds them up speaks through them.
CARRIER_NOUNS = frozenset({"banner", "sign", "placard", "poster", "slogan", "t-shirt", "shirt", "flag"})
# Verbs that hold a carrier up; how far up the clause chain their subject is looked for.
HOLDING_VERBS = frozenset({"wave", "hold", "carry", "raise", "display", "wear", "brandish", "unfurl", "hang", "bear"})
_HOLDER_STEPS = 4


def owner(head: Token, ctx: Context) -> Resolution | None:
    """ "His office said", "Hale's campaign said", "ICE's statement", "her remarks": the owner
    speaks. A spokesperson is not the owner: "the ministry's spokesman" is an unnamed source of
    its own, as "a spokesman for the ministry" is (the description sieve names it)."""
    lemma = head.lemma_.lower()
    possessor = next((c for c in head.children if c.dep_ == "poss"), None)
    speaking_for = ORGANISATION_NOUNS | DOCUMENT_NOUNS | UTTERANCE_NOUNS | {"campaign"}
    if possessor is None or lemma not in speaking_for or possessor.pos_ not in {"PRON", "PROPN"} or ctx.depth > 1:
        return None
    if possessor.ent_type_ in {"GPE", "LOC"} and lemma in ORGANISATION_NOUNS:
        return None  # "Israel's military", "the city's health department": a body of its own, not the country
    if lemma in ORGANISATION_NOUNS and lemma not in SERVING_BODIES:
        return None  # "their union", "its parent company", "his party": a body that speaks for itself
    resolved = ctx.resolve_nested(possessor)
    if resolved.entry is None:
        return None
    if lemma == "office" and resolved.entry.kind is SpeakerKind.PERSON and head.tag_ == "NN":
        # "Health Minister Colin Rourke's office said": the office speaks, often when the
        # person does not (they "declined interview requests"); the gold sets keep "Colin
        # Rourke's office" as the speaker, the person an alias.
        office = Entry(f"{resolved.entry.name}'s office", SpeakerKind.ORGANISATION, aliases={resolved.entry.name})
        return Resolution(office, noun_phrase(head).text, Method.OWNER, possessor.text)
    return Resolution(resolved.entry, noun_phrase(head).text, Method.OWNER, possessor.text)


def carrier(head: Token, ctx: Context) -> Resolution | None:
    """ "Protesters marched, waving banners saying ...", "Their placards read ...": a banner
    does not speak; whoever holds it up does (its possessor, or the subject of the verb that
    holds it, up the clause chain: "waving" is a conjunct of "marched")."""
    if head.lemma_.lower() not in CARRIER_NOUNS or ctx.depth > 1:
        return None
    holder = _holder(head)
    if holder is None:
        return None
    resolved = ctx.resolve_nested(holder)
    if resolved.entry is None:
        return Resolution(None, resolved.mention, Method.UNRESOLVED, f"holds the {head.text}")
    return Resolution(resolved.entry, resolved.mention, Method.OWNER, f"holds the {head.text}")


def _holder(carried: Token) -> Token | None:
    possessor = next((c for c in carried.children if c.dep_ == "poss"), None)
    if possessor is not None:
        return possessor
    verb = carried.head
    if is_cue(verb):  # "banners saying": the banners are the cue's subject
        verb = verb.head
    if verb.lemma_.lower() not in HOLDING_VERBS:
        return None  # "the mayor criticised banners saying ...": not the mayor's words
    for _ in range(_HOLDER_STEPS):
        subject = next((c for c in verb.children if c.dep_ == "nsubj" and c.i != carried.i), None)
        if subject is not None:
            return subject
        if verb.dep_ == "ROOT":
            return None
        verb = verb.head  # "chanting slogans and carrying signs": through the conjunct's head
    return None


def organisation_anaphor(head: Token, ctx: Context) -> Resolution | None:
    """ "the agency": the organisation of that kind last quoted, else last named, else next
    quoted. With none of its kind ("the government" in an article naming only a ministry and
    a broadcaster) the description stands as written."""
    lemma = head.lemma_.lower()
    phrase = noun_phrase(head)
    if lemma not in ORGANISATION_NOUNS or head.tag_ not in {"NN", "NNP"}:
        return None
    if not (is_bare_definite(phrase, head) or _owned_by_pronoun(phrase, head)):
        return None

    def fits(entry: Entry | None) -> bool:
        return entry is not None and (
            can_be(entry, lemma) if known_kind(lemma) else entry.kind is SpeakerKind.ORGANISATION
        )

    # The organisation last quoted or last named, whichever came later.
    quoted = [(c.start, r.entry) for c, r in ctx.previous if r.entry is not None and fits(r.entry)]
    # One named in the description's own sentence is more often what the speech is about
    # ("... the trip to Fenwick Athletic, the club said", "customers will be told by SMS, the
    # company said") than who speaks: one named before the sentence wins, if there is one.
    sentence = head.sent.start_char
    named = (
        ctx.table.nearest_organisation(sentence, fits)
        or _subject_organisation(head, ctx, fits)
        or ctx.table.nearest_organisation(head.idx, fits)
    )
    named_at = named.mentioned_before(head.idx) if named is not None else None
    entry = quoted[-1][1] if quoted else named
    if quoted and named is not None and named_at is not None and quoted[-1][0] < named_at < sentence:
        entry = named
    if entry is None:
        later = [r.entry for _, r in ctx.ahead.after(head.idx)]
        entry = next((e for e in later if fits(e)), None)
    if entry is None:
        return None  # the description sieve keeps "the government" as written
    return Resolution(entry, phrase.text, Method.ORGANISATION_ANAPHOR, lemma)


def _subject_organisation(head: Token, ctx: Context, fits: Callable[[Entry], bool]) -> Entry | None:
    """With none named before its sentence: the organisation that is a subject of the sentence
    before the description ("Kestrel Regional Airlines has grounded nine of its 14 Corvane
    CT-70s ..., the carrier said"), not the last one the report names."""
    for token in head.sent:
        if token.i >= head.i:
            break
        if token.dep_ in {"nsubj", "nsubjpass"} and token.i != head.i:
            phrase = noun_phrase(token)
            found = ctx.table.organisation_within(phrase.start_char, phrase.end_char, fits)
            if found is not None:
                return found
    return None


def _owned_by_pronoun(phrase: Span, head: Token) -> bool:
    """ "their union", "its parent company": definite as "the union" is, and referring back
    the same way (a body that serves its owner, "his office", is the owner sieve's)."""
    others = [t for t in phrase if t.i != head.i]
    owned = [t for t in others if t.dep_ == "poss" and t.pos_ == "PRON"]
    return (
        len(owned) == 1
        and head.lemma_.lower() not in SERVING_BODIES
        and all(t.dep_ in {"poss", "amod", "compound"} for t in others)
        and not any(c.dep_ == "prep" for c in head.children)
    )
