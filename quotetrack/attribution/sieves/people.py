"""The sieves that read a name or what stands for one: a handle, a pronoun, members named
together, a full name or surname, a party description of the person just quoted."""

from __future__ import annotations

from spacy.tokens import Token

from ...extraction.cues import (
    PARTY_MEMBER_NOUNS,
)
from ...extraction.syntax import noun_phrase
from ...normalization.lexicon import is_inhabitant_noun
from ...types import Method, SpeakerKind
from ..context import UNRESOLVED, Context, Resolution
from ..mention_words import appositive_name
from ..mentions import is_pronoun, name_in
from ..pronouns import resolve_pronoun
from ..table import Entry


def handle(head: Token, ctx: Context) -> Resolution | None:
    if not head.text.startswith("@"):
        return None
    entry = ctx.table.by_handle(head.text)
    return Resolution(entry, head.text, Method.HANDLE) if entry is not None else None


def pronoun(head: Token, ctx: Context) -> Resolution | None:
    if not is_pronoun(head):
        return None
    if ctx.depth > 1:
        return UNRESOLVED
    found = resolve_pronoun(head, ctx, ctx.resolver)
    if found is None:
        return Resolution(None, head.text, Method.UNRESOLVED, "no agreeing antecedent")
    entry, method, evidence = found
    return Resolution(entry, head.text, method, evidence)


def coordinated(head: Token, ctx: Context) -> Resolution | None:
    """ "Senator Price and Governor Moreno said": both speak. The speaker is a group named
    after its members, each member's name an alias, so a lookup by either finds the quote."""
    conjuncts = [c for c in head.children if c.dep_ == "conj" and c.pos_ in {"PROPN", "NOUN"}]
    if not conjuncts or ctx.depth > 0 or not any(c.dep_ == "cc" and c.lower_ == "and" for c in head.children):
        return None
    members = [ctx.resolve_nested(token).entry for token in (head, *conjuncts)]
    if any(m is None or m.kind is SpeakerKind.GROUP for m in members):
        return None
    names = list(dict.fromkeys(m.name for m in members if m is not None))
    if len(names) < 2:  # "American academic and professor Marc Lamont Hill": one person, described twice
        return None
    group = Entry(" and ".join(names), SpeakerKind.GROUP, aliases=set(names))
    return Resolution(group, ctx.table.doc[head.left_edge.i : conjuncts[-1].right_edge.i + 1].text, Method.COORDINATED)


def explicit_name(head: Token, ctx: Context) -> Resolution | None:
    """A full name in the mention, or a surname / title + surname of someone the article names."""
    name = name_in(head, ctx.mask)
    if name is None:
        return None
    mention = noun_phrase(head).text
    if name.kind is SpeakerKind.PERSON and not name.bare:
        entry = ctx.table.person(name.text)
        if entry is not None:
            method = Method.APPOSITION if name.in_apposition else Method.EXPLICIT_NAME
            return Resolution(entry, mention, method, name.text)
        organisation = ctx.table.organisation_for(name.text)
        if organisation is not None:  # "Engine maker Orrin-Bask": a business the table knows
            return Resolution(organisation, mention, Method.EXPLICIT_NAME, name.text)
    if name.bare:
        word = name.text.split()[-1]
        entry = ctx.table.by_surname(word, head.idx)
        if entry is not None:
            return Resolution(entry, mention, Method.TITLE if name.titled else Method.SURNAME, name.text)
        entry = ctx.table.person(name.text) if name.titled else None
        if entry is not None:  # "Mr. Toccafondi", never given in full
            return Resolution(entry, mention, Method.TITLE, name.text)
        organisation = ctx.table.organisation_for(word) or ctx.table.organisation_opened_by(name.text)
        if organisation is not None:
            return Resolution(organisation, mention, Method.EXPLICIT_NAME, name.text)
        return None
    if name.kind is SpeakerKind.ORGANISATION:
        # NER may run a surname into what follows ("Rathbun the Scientology"): a person the
        # article names in full, by the mention's first word, wins over an unknown organisation.
        first = name.text.split()[0]
        # "Okafor-Reid said": the parser's head is the hyphenated name's last part.
        person = ctx.table.by_surname(first, head.idx) if head.text in (first, first.split("-")[-1]) else None
        appositive = ctx.table.person(name.text) if appositive_name(head) is not None else None
        if person is None and appositive is not None and len(name.text.split()) >= 2:
            # "The club's president, Ana Costa, said", NER calling "Costa" an organisation: the
            # table read the appositive as a person (unlabelled_people.appositive_people).
            return Resolution(appositive, mention, Method.APPOSITION, name.text)
        entry = ctx.table.organisation_for(name.text)
        mentioned_elsewhere = entry is not None and any(p != head.idx for p in entry.positions)
        if person is not None and (not mentioned_elsewhere or ctx.table.is_a_surname(name.text)):
            return Resolution(person, mention, Method.SURNAME, first)
        if entry is not None:
            return Resolution(entry, mention, Method.ORGANISATION, name.text)
    return None


def party_member(head: Token, ctx: Context) -> Resolution | None:
    """ "Warren said ... The Massachusetts Democrat added": a description by party refers to
    the person just quoted, else to the person named last before it; it is never an
    organisation called "Massachusetts Democrat". A demonym is described the same way, but
    only of the person just quoted ("Valk said ... The silver-haired Dutchman added"): a
    nationality alone is too common to name whoever was named last."""
    definite = any(c.dep_ == "det" and c.lower_ == "the" for c in head.children)
    demonym = _a_demonym(head, ctx)
    if (head.lower_ not in PARTY_MEMBER_NOUNS and not demonym) or head.tag_ not in {"NN", "NNP"} or not definite:
        return None
    mention = noun_phrase(head).text
    for candidate, resolution in reversed(ctx.previous):
        if ctx.paragraph_of(head.idx) - candidate.paragraph > 1:
            break
        if resolution.entry is not None and resolution.entry.kind is SpeakerKind.PERSON:
            return Resolution(resolution.entry, mention, Method.ROLE, head.lower_)
    if head.lower_ not in PARTY_MEMBER_NOUNS:
        return None
    person = ctx.table.nearest_person(head.idx)
    return Resolution(person, mention, Method.ROLE, head.lower_) if person is not None else None


def _a_demonym(head: Token, ctx: Context) -> bool:
    """ "the Dutchman", "the Brazilian": a capitalised noun that NER calls a nationality, or
    (NER often misses "Dutchman") whose first sense is an inhabitant of somewhere, and that no
    organisation or person of the article is called."""
    if head.tag_ != "NNP" and not (head.tag_ == "NN" and head.text[:1].isupper()):
        return False
    if head.ent_type_ == "NORP":
        return True
    return (
        not head.ent_type_
        and is_inhabitant_noun(head.lower_)
        and ctx.table.organisation_for(head.text) is None
        and ctx.table.person(head.text) is None
    )
