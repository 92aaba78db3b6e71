"""The sieve that reads a title or a person description ("the governor", "the head of the
pilots' union"): the person holding it, or the one a lede describes before naming them."""

from __future__ import annotations

from spacy.tokens import Token

from ...extraction.cues import (
    TITLE_ABBREVIATIONS,
    TITLE_NOUNS,
)
from ...extraction.syntax import entities_within, noun_phrase
from ...types import Method, SpeakerKind
from ..context import Context, Resolution
from ..described_before import described_before
from ..descriptions import (
    determiner_of,
    names_a_person,
)
from ..name_spans import abbreviation_role
from ..names import fold, role_of, strip_possessive
from ..organisation_kinds import known_kind
from ..table import Entry
from .unattributed import speaks_first


def role(head: Token, ctx: Context) -> Resolution | None:
    """ "the governor", "Gov. Healey" with no other mention: the person holding that title."""
    lemma = head.lemma_.lower()
    phrase = noun_phrase(head)
    wanted = abbreviation_role(phrase) if head.pos_ == "PROPN" else TITLE_ABBREVIATIONS.get(lemma, lemma)
    # "the Brazilian": a demonym is a proper noun that describes a person, as a common noun does.
    demonym = head.ent_type_ == "NORP" and head.tag_ in {"NN", "NNP"}
    if wanted is None and head.pos_ == "PROPN" and (head.lower_ in TITLE_NOUNS or demonym):
        wanted = head.lower_  # "the Governor", capitalised as a title
    if not wanted or head.tag_ in {"NNS", "NNPS"}:
        return None
    person = _holder(head, phrase, wanted, ctx)
    # "Gov. Healey": the proper noun is the surname and must be the holder's; "the CEO": the
    # proper noun is the role itself.
    surname_given = head.pos_ == "PROPN" and head.lower_ not in TITLE_ABBREVIATIONS and head.lower_ != wanted
    if person is not None and (not surname_given or fold(person.name.split()[-1]) == fold(head.text)):
        return Resolution(person, phrase.text, Method.ROLE, wanted)
    if person is None and head.pos_ != "PROPN":
        # "Marland's trade minister says ..." resolved in the lede: "the minister" later is
        # whoever that description was taken for.
        for _, earlier in reversed(ctx.previous):
            described = earlier.method in {Method.ROLE, Method.LEDE_DESCRIPTION} and earlier.evidence == wanted
            if described and earlier.entry is not None:
                return Resolution(earlier.entry, phrase.text, Method.ROLE, wanted)
    # "the hospital's head of infection control has said": a definite person description,
    # not only a title, names who the lede describes.
    described = determiner_of(head) == "the" and names_a_person(head, lemma)
    if (lemma in TITLE_NOUNS or described) and (head.pos_ != "PROPN" or demonym) and ctx.depth == 0:
        # A lede describes, a later paragraph names ("The transport secretary has defended
        # ... Sarah Whitmore told the BBC"): the next person quoted.
        named = _first_named_after(ctx, head.idx)
        if named is not None:
            # "Marland's trade minister says ... Danielle Okafor-Reid spoke to reporters": the
            # person the article names first after its lede, quoted or not.
            return Resolution(named, phrase.text, Method.LEDE_DESCRIPTION, lemma)
        people_after = [
            (c, r.entry) for c, r in ctx.ahead.after(head.idx) if r.entry and r.entry.kind is SpeakerKind.PERSON
        ]
        if lemma not in TITLE_NOUNS:
            # "But the head of the pilots' union says ... / '...,' Guild president Lena Morcombe
            # said.": a description the next paragraph's quote names.
            here = ctx.paragraph_of(head.idx)
            if people_after and people_after[0][0].paragraph - here == 1 and speaks_first(people_after[0][0], ctx):
                return Resolution(people_after[0][1], phrase.text, Method.LEDE_DESCRIPTION, lemma)
            # "Television cook Poppy Ashgrove has accused ... The presenter of 'Coast to Coast
            # Kitchen', 41, said": the one person the story has named so far, described anew;
            # not a body's person ("the head of the seafarers' union") nor a body ("the watchdog").
            only = _only_person_named_before(ctx, head.idx)
            if (
                only is not None
                and described
                and not _names_a_body(head, ctx)
                and not described_before(ctx.previous, lemma)
            ):
                return Resolution(only, phrase.text, Method.LEDE_DESCRIPTION, lemma)
            return None
        people = [entry for _, entry in people_after]
        if people:  # the first person quoted after the description (the look-ahead keeps text order)
            return Resolution(people[0], phrase.text, Method.LEDE_DESCRIPTION, lemma)
    return None


def _holder(head: Token, phrase, wanted: str, ctx: Context) -> Entry | None:
    """The person whose title has the role, unless the mention says the role is another
    body's: "the Harbour City manager" is not the person titled "Millbrook's manager"."""
    person = ctx.table.by_role(wanted, head.idx)
    return None if person is not None and _owned_elsewhere(phrase, head, person, wanted) else person


def _owned_elsewhere(phrase, head: Token, person: Entry, wanted: str) -> bool:
    """The mention names whose role it is ("the Harbour City manager") and the holder's title
    names another owner ("Millbrook's manager"): two people holding one kind of role."""
    mine = {fold(t.text) for t in phrase if t.i < head.i and t.pos_ == "PROPN" and t.dep_ in {"compound", "poss"}}
    if not mine:
        return False
    theirs: set[str] = set()
    for title in person.titles:
        if role_of(title) != wanted:
            continue
        words = (strip_possessive(w) for w in title.split())
        theirs |= {fold(w) for w in words if w[:1].isupper() and fold(w) != wanted and w.lower() not in TITLE_NOUNS}
    return bool(theirs) and not (mine & theirs)


# How far after a lede's description the person it describes must be named, in paragraphs.
LEDE_NAMED_WITHIN = 1


def _names_a_body(head: Token, ctx: Context) -> bool:
    """The description is, or belongs to, an organisation: a kind of body among its words
    ("watchdog", "the head of the seafarers' union") or an organisation of the article named
    inside it. A clause on the noun says what the person did, not what they are: "the
    29-year-old midfielder, who joined the club in January" is no body's."""
    clauses = [c for c in head.children if c.dep_ in {"relcl", "acl", "advcl"}]
    inside = {t.i for clause in clauses for t in clause.subtree}
    words = [t for t in head.subtree if t.i not in inside and not (t.is_punct and t.i > head.i)]
    if any(t.pos_ in {"NOUN", "PROPN"} and known_kind(fold(t.lemma_)) for t in words):
        return True
    # A title in quote marks is a work, whatever NER calls it ("the author of 'Wild Borders'").
    found = entities_within(head.doc, words[0].i, words[-1].i + 1)
    return any(
        ent.label_ == "ORG"
        and not (ent.start > 0 and head.doc[ent.start - 1].is_quote)
        and ctx.table.organisation_for(ent.text) is not None
        for ent in found
    )


def _only_person_named_before(ctx: Context, position: int) -> Entry | None:
    """The person the article named before `position`, when it named exactly one, within the
    paragraph before at most, and first named them in its opening paragraphs (a story about
    them, described again rather than named)."""
    named = [(e, last) for e in ctx.table.unique_people() if (last := e.mentioned_before(position)) is not None]
    if len(named) != 1:
        return None
    ((entry, last),) = named
    if ctx.paragraph_of(position) - ctx.paragraph_of(last) > 1 or ctx.paragraph_of(min(entry.positions)) > 2:
        return None
    return entry


def _first_named_after(ctx: Context, position: int) -> Entry | None:
    """The person the article names first after `position`, when that is in the next
    paragraph at most and nobody was named before it (a lede describes who the story names next)."""
    if any(e.mentioned_before(position) is not None for e in ctx.table.unique_people()):
        return None
    after = [
        (min(p for p in e.positions if p > position), e)
        for e in ctx.table.unique_people()
        if any(p > position for p in e.positions)
    ]
    if not after:
        return None
    at, entry = min(after, key=lambda pe: pe[0])
    return entry if ctx.paragraph_of(at) - ctx.paragraph_of(position) <= LEDE_NAMED_WITHIN else None
