"""Attribution as ordered, named sieves (after CoreNLP's QuoteAttribution and the multi-pass
sieve coreference of Lee et al.): precise sieves first.

A mention sieve takes the head token of a cue's subject and answers with what it names, or
None to pass it on; a context sieve answers for a quote with no subject of its own (a
floating quote, a quote after "She continued:"). Each answer carries the sieve's method;
its confidence comes from one table (`calibration.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from spacy.tokens import Span, Token

from ..extraction.candidate import Candidate
from ..extraction.cues import (
    DOCUMENT_NOUNS,
    ORGANISATION_NOUNS,
    PARTY_MEMBER_NOUNS,
    TITLE_ABBREVIATIONS,
    TITLE_NOUNS,
    UTTERANCE_NOUNS,
)
from ..extraction.syntax import QUOTED_AS, doc_text, entities_within, is_cue, noun_phrase
from ..types import Method, SpeakerKind
from .context import UNRESOLVED, Context, MentionSieve, Resolution
from .descriptions import (
    described_words,
    description,
    determiner_of,
    is_bare_definite,
    names_a_person,
    quantified,
    strip_determiner,
)
from .mentions import is_pronoun, name_in
from .name_spans import abbreviation_role
from .names import fold
from .organisation_kinds import can_be, known_kind
from .pronouns import resolve_pronoun
from .table import Entry

# How many paragraphs back a floating quote may find its speaker.
FLOATING_PARAGRAPHS = 2
# Documents that are someone's act of speech, unlike a report or a study with authors of its own.
SPEECH_ACT_NOUNS = frozenset({"announcement", "statement", "release", "post", "tweet", "letter", "email", "memo"})
# Things that show words to a crowd: whoever holds them up speaks through them.
CARRIER_NOUNS = frozenset({"banner", "sign", "placard", "poster", "slogan", "t-shirt", "shirt", "flag"})
# Verbs that hold a carrier up; how far up the clause chain their subject is looked for.
HOLDING_VERBS = frozenset({"wave", "hold", "carry", "raise", "display", "wear", "brandish", "unfurl", "hang", "bear"})
_HOLDER_STEPS = 4


# -- mention sieves ------------------------------------------------------------------------
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
    found = resolve_pronoun(head, ctx, resolve_mention)
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
    members = [resolve_mention(token, ctx.nested()).entry for token in (head, *conjuncts)]
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
        entry = ctx.table.organisation_for(name.text)
        mentioned_elsewhere = entry is not None and any(p != head.idx for p in entry.positions)
        if person is not None and (not mentioned_elsewhere or ctx.table.is_a_surname(name.text)):
            return Resolution(person, mention, Method.SURNAME, first)
        if entry is not None:
            return Resolution(entry, mention, Method.ORGANISATION, name.text)
    return None


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
    person = ctx.table.by_role(wanted, head.idx)
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
            if people_after and people_after[0][0].paragraph - here == 1 and _speaks_first(people_after[0][0], ctx):
                return Resolution(people_after[0][1], phrase.text, Method.LEDE_DESCRIPTION, lemma)
            # "Television cook Poppy Ashgrove has accused ... The presenter of 'Coast to Coast
            # Kitchen', 41, said": the one person the story has named so far, described anew;
            # not a body's person ("the head of the seafarers' union") nor a body ("the watchdog").
            only = _only_person_named_before(ctx, head.idx)
            if only is not None and described and not _names_a_body(head, ctx):
                return Resolution(only, phrase.text, Method.LEDE_DESCRIPTION, lemma)
            return None
        people = [entry for _, entry in people_after]
        if people:  # the first person quoted after the description (the look-ahead keeps text order)
            return Resolution(people[0], phrase.text, Method.LEDE_DESCRIPTION, lemma)
    return None


# How far after a lede's description the person it describes must be named, in paragraphs.
LEDE_NAMED_WITHIN = 1


def _names_a_body(head: Token, ctx: Context) -> bool:
    """The description is, or belongs to, an organisation: a kind of body among its words
    ("watchdog", "the head of the seafarers' union") or an organisation of the article named
    inside it."""
    words = list(head.subtree)
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


def party_member(head: Token, ctx: Context) -> Resolution | None:
    """ "Warren said ... The Massachusetts Democrat added": a description by party refers to
    the person just quoted, else to the person named last before it; it is never an
    organisation called "Massachusetts Democrat"."""
    definite = any(c.dep_ == "det" and c.lower_ == "the" for c in head.children)
    if head.lower_ not in PARTY_MEMBER_NOUNS or head.tag_ not in {"NN", "NNP"} or not definite:
        return None
    mention = noun_phrase(head).text
    for candidate, resolution in reversed(ctx.previous):
        if ctx.paragraph_of(head.idx) - candidate.paragraph > 1:
            break
        if resolution.entry is not None and resolution.entry.kind is SpeakerKind.PERSON:
            return Resolution(resolution.entry, mention, Method.ROLE, head.lower_)
    person = ctx.table.nearest_person(head.idx)
    return Resolution(person, mention, Method.ROLE, head.lower_) if person is not None else None


# Bodies that speak for the one who has them ("his office", "Hale's campaign"), unlike a union,
# a party or a company, which a possessive only relates to someone ("their union said").
SERVING_BODIES = frozenset("office campaign administration government team staff".split())


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
    resolved = resolve_mention(possessor, ctx.nested())
    if resolved.entry is None:
        return None
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
    resolved = resolve_mention(holder, ctx.nested())
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


# How far back a document named again ("the statement") is looked for, in paragraphs.
DOCUMENT_PARAGRAPHS_BACK = 3


def document_issuer(head: Token, ctx: Context) -> Resolution | None:
    """ "a statement from the ministry", "a summary released by the union": the issuer
    speaks. Reports with no issuer in sight ("Early reports said", "the report found") are
    the source as written; "a report" alone is nobody's and not a speaker."""
    lemma = head.lemma_.lower()
    figures = lemma == "figure" and head.tag_ == "NNS"
    if lemma not in DOCUMENT_NOUNS and not figures:
        return None
    issuer = _issuer(head)
    if lemma not in DOCUMENT_NOUNS and issuer is None:
        return None  # "figures from the statistics office" are a document; "party figures" are people
    phrase = noun_phrase(head)
    mention = phrase.text
    definite = is_bare_definite(phrase, head)
    if issuer is not None and ctx.depth <= 1:
        resolved = resolve_mention(issuer, ctx.nested())
        if resolved.entry is not None:
            return Resolution(resolved.entry, mention, Method.DOCUMENT_ISSUER, issuer.text)
    if definite:
        # "According to the statement, ... Per the statement, ...": the same document again,
        # with the issuer found the first time (an image caption may stand between).
        for earlier, resolution in reversed(ctx.previous):
            if ctx.paragraph_of(head.idx) - earlier.paragraph > DOCUMENT_PARAGRAPHS_BACK:
                break
            if resolution.entry is not None and (resolution.mention or "").lower() == mention.lower():
                return Resolution(resolution.entry, mention, Method.DOCUMENT_ISSUER, f"{mention} again")
    joint = any(c.dep_ == "amod" and c.lower_ in {"joint", "common", "shared"} for c in head.children)
    if lemma in SPEECH_ACT_NOUNS and not joint and definite and ctx.previous:
        # "Federal officials said they detained X. The announcement said ...": the
        # announcement is the one just reported, by the speaker just quoted. Not a joint
        # statement: nobody quoted alone issued it.
        last, resolution = ctx.previous[-1]
        if resolution.entry is not None and ctx.paragraph_of(head.idx) - last.paragraph <= 1:
            return Resolution(resolution.entry, mention, Method.DOCUMENT_ISSUER, "the speaker just quoted")
    # As written with where it came from ("Reports from the islands"): the ranker may keep it.
    written = described_words(head, phrase, with_clauses=False)
    if joint:
        # "the joint statement said": several parties issued it and none speaks alone; the
        # statement is the source, and "It also set a target: ..." may refer back to it.
        entry = Entry(strip_determiner(written), SpeakerKind.UNNAMED_SOURCE)
        return Resolution(entry, written, Method.DESCRIPTION, "a joint document")
    plural = head.tag_ == "NNS"
    if plural or definite:
        # "Early reports said ...", "Reports from the islands say ...", "The report found ...":
        # a document nobody is named for is the source as written, as a crowd is (the gold
        # sets' convention too); only "a report" alone, nobody's and no particular one, is not.
        kind = SpeakerKind.GROUP if plural else SpeakerKind.UNNAMED_SOURCE
        entry = Entry(strip_determiner(written), kind)
        return Resolution(entry, written, Method.DESCRIPTION, "a document with no issuer named")
    if lemma in SPEECH_ACT_NOUNS and ctx.depth <= 1 and (subject := _subject_reported(head)) is not None:
        # "The group now expects profit of £410mn, according to a statement": a statement with
        # no issuer named, about what an organisation of the article does, is that organisation's.
        resolved = resolve_mention(subject, ctx.nested())
        if resolved.entry is not None and resolved.entry.kind is SpeakerKind.ORGANISATION:
            return Resolution(resolved.entry, mention, Method.DOCUMENT_ISSUER, f"{subject.text}, what it is about")
    return Resolution(None, written, Method.UNRESOLVED, "a document with no issuer")


def _subject_reported(document: Token) -> Token | None:
    """The subject of the clause "according to <document>" hangs on ("The group now expects
    ..., according to a statement" -> "group"), if the document is the object of that phrase."""
    to = document.head
    according = to.head
    if document.dep_ != "pobj" or to.lower_ != "to" or according.lower_ != "according":
        return None
    verb = according.head
    return next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"} and c.i < according.i), None)


# Precise sieves first: a name outranks a role, a role a pronoun's guess, and so on.
MENTION_SIEVES: tuple[MentionSieve, ...] = (
    handle,
    quantified,
    pronoun,
    coordinated,
    party_member,
    explicit_name,
    role,
    owner,
    carrier,
    organisation_anaphor,
    document_issuer,
    description,
)


def resolve_mention(head: Token, ctx: Context) -> Resolution:
    for sieve in MENTION_SIEVES:
        found = sieve(head, ctx)
        if found is not None:
            return found
    # The mention as written with its place or affiliation ("Reports from the islands"): the
    # ranker may keep it as an unnamed source when nobody named fits.
    written = described_words(head, noun_phrase(head), with_clauses=False)
    return Resolution(None, written, Method.UNRESOLVED, "no sieve matched")


# -- context sieves: quotes without a subject of their own --------------------------------
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


CONTEXT_SIEVES: tuple[Callable[[Candidate, Context], Resolution | None], ...] = (
    signed_after,
    previous_quote,
    paragraph_context,
    floating,
)


def attribute(candidate: Candidate, ctx: Context) -> Resolution:
    """The speaker of one quote: its signature, else its cue's subject through the mention
    sieves, else the context sieves."""
    if candidate.speaker_text is not None:
        name, _, handle_text = candidate.speaker_text.partition(" (")
        entry = ctx.table.person(name) or ctx.table.organisation_for(name)
        return Resolution(entry, candidate.speaker_text, Method.SIGNATURE, handle_text.rstrip(")"))
    if candidate.label is not None:
        return interview_label(candidate.label, ctx)
    if candidate.speaker_head is not None:
        resolution = resolve_mention(candidate.speaker_head, ctx)
        # A subject that is no noun at all ("Writing in a blog post, X dubbed ...") is a
        # misparse: the context may still tell.
        misparsed = resolution.entry is None and candidate.speaker_head.pos_ not in {"NOUN", "PROPN", "PRON"}
        if not misparsed:
            return resolution
    for sieve in CONTEXT_SIEVES:
        found = sieve(candidate, ctx)
        if found is not None:
            return found
    return UNRESOLVED


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


# -- helpers -------------------------------------------------------------------------------
def _speaks_first(candidate: Candidate, ctx: Context) -> bool:
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
        entry = resolve_mention(token, ctx.nested()).entry
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
    years. He didn't hold back when we spoke to him.")."""
    span = ctx.table.doc.char_span(start, end, alignment_mode="contract")
    if span is None or len(span) == 0:
        return None
    sentence = span[-1].sent
    last = span.doc[max(sentence.start, span.start) : span.end]  # the paragraph's last sentence
    subject = next((t for t in last if t.dep_ == "nsubj" and t.head.dep_ == "ROOT"), None)
    if subject is None or subject.lower_ not in {"he", "she"}:
        return None
    entry = resolve_mention(subject, ctx.nested()).entry
    if entry is None or entry.kind is not SpeakerKind.PERSON:
        return None
    named_here = any(start <= p < end for p in entry.positions)  # the paragraph is about them
    return entry if named_here else None


def _a_speech_act(head: Token) -> bool:
    return head.tag_ == "NN" and head.lemma_.lower() in SPEECH_ACT_NOUNS


def _issuer(head: Token) -> Token | None:
    """Who issued a document: "released by X", "from X", "X's statement"."""
    for child in head.children:
        if child.dep_ == "compound" and child.pos_ == "PROPN":  # "the Home Office letter"
            return child
        if child.dep_ == "compound" and child.lemma_.lower() in ORGANISATION_NOUNS and _a_speech_act(head):
            # "a council statement" is the council speaking; "a city report" and "court
            # documents" are documents, the source as written (the gold sets' convention).
            return child
        if child.dep_ == "prep" and child.lower_ in {"from", "by", "of"}:
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            # "from the ministry", "from the Attorney General's office"; not "a letter from home"
            body = pobj is not None and (
                pobj.lemma_.lower() in ORGANISATION_NOUNS or any(g.dep_ == "poss" for g in pobj.children)
            )
            if pobj is not None and (pobj.pos_ == "PROPN" or pobj.ent_type_ or child.lower_ == "by" or body):
                return pobj
        if child.dep_ == "prep" and child.lower_ == "in":
            # "a report in The Economic Times": the paper that printed it, when it is a name
            # (not "a report in March", "a letter in English").
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            if pobj is not None and pobj.pos_ == "PROPN" and pobj.ent_type_ in {"ORG", "WORK_OF_ART", ""}:
                return pobj
        if child.dep_ == "acl":
            for agent in child.children:
                if agent.dep_ == "agent":
                    return next((g for g in agent.children if g.dep_ == "pobj"), None)
    return None
