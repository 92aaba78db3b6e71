"""What an article's text says about its people and organisations, read into its name table.

Every name NER tagged ("Ana Ruiz", "Kestrel Regional Airlines"), with the titles around it
("Chair of the party"); acronyms the article defines ("Immigration and Customs Enforcement
(ICE)"); names NER left untagged, by their shape ("Greenvale, a charity for carers, said");
and, once the table is frozen, each person's gender ("Mr. Tedeschi"). The readers only add
to the table (`Registers`), through the table's own rules for a new name.
"""

from __future__ import annotations

import re
from typing import Protocol

from spacy.tokens import Doc, Span, Token

from ...extraction.syntax import QuoteMask, apposition, doc_text, entities, entities_within, noun_phrase
from ...nlp import budget
from ...normalization.lexicon import has_person_sense
from ..gender import first_name_gender
from ..name_spans import (
    absorbed,
    full_name,
    is_credit,
    looks_like_person,
    organisation_then_person,
    person_span,
    title_words,
    titled_as_company,
)
from ..names import ORGANISATION_WORDS, ends_in_organisation_word, fold, is_surname_first, is_titled_person
from ..organisation_kinds import known_kind
from ..unlabelled_people import appositive_people, unlabelled_people
from .entry import HONORIFIC_GENDER, Entry, add_title

# "Immigration and Customs Enforcement (ICE)", "... known as ICE". Bounded repetition keeps
# the search linear on hostile input (a long run of capitalised words).
_ACRONYM_DEFINITION = re.compile(
    r"((?:[A-Z][\w’'.&-]{0,60}+)(?:\s++(?:[A-Z][\w’'.&-]{0,60}+|\d{1,3}|and|of|for|the|on)){0,12})"
    r"(?:\s*+\(|\s*+,\s++known as\s+|\s++known as\s+)([A-Z]{2,6}|[A-Z]+\d[A-Z]+)\b"
)

# The stage a spent time budget names when it runs out while the table is built, and how
# many tokens a pass over the whole text reads between two checks (each reads little).
STAGE = "name table"
_TOKENS_BETWEEN_CHECKS = 256


class Registers(Protocol):
    """What the readers ask of the table they fill (NameTable): its text, and its rules for a
    new name."""

    doc: Doc
    mask: QuoteMask
    organisations: dict[str, Entry]
    acronym_of: dict[str, str]
    companies: set[str]
    left_single_words: list[tuple[str, int]]

    def add_person(self, text: str, position: int | None = None) -> Entry: ...

    def add_organisation(self, text: str, position: int | None = None) -> Entry: ...

    def by_surname(self, word: str, position: int | None = None) -> Entry | None: ...

    def unique_people(self) -> list[Entry]: ...


def read_names(table: Registers) -> None:
    """Every name the text gives, in the order the table has always read them: the acronyms
    defined, the names NER tagged, people and organisations it left untagged."""
    read_acronyms(table)
    read_entities(table)
    for span in unlabelled_people(table.doc, table.mask):  # "a lawyer for Ana Ruiz", untagged
        table.add_person(span.text, position=span.start_char)
    for span in appositive_people(table.doc, table.mask):  # "The club's president, Ana Costa," mislabelled
        table.add_person(span.text, position=span.start_char)
    read_unlabelled_organisations(table)
    read_described_organisations(table)


def read_acronyms(table: Registers) -> None:
    for match in _ACRONYM_DEFINITION.finditer(doc_text(table.doc)):
        full, acronym = match.group(1).strip(), match.group(2)
        words = full.split()
        # Keep the tail whose initials spell the acronym ("Immigration and Customs Enforcement").
        initials = [w for w in words if w[0].isupper()]
        if len(initials) >= len(acronym):
            full = " ".join(words[words.index(initials[-len(acronym)]) :])
        table.acronym_of[fold(full)] = acronym
        # Organisations are named by their long form, the acronym an alias.
        entry = table.add_organisation(full)
        entry.aliases.add(acronym)
        table.organisations.setdefault(fold(acronym), entry)


def read_entities(table: Registers) -> None:
    found = entities(table.doc)
    for index, ent in budget.checked(table.doc, STAGE, enumerate(found)):
        if table.mask.contains(ent[0]) or is_credit(ent.text) or _headline_only(ent):
            continue
        if ent.label_ == "PERSON":
            ent = person_span(ent)  # "Seri Liow" + "Tiong Lai": one name
            following = found[index + 1] if index + 1 < len(found) else None
            if following is not None and following.label_ == "PERSON" and absorbed(ent, person_span(following)):
                continue
        person_like = is_titled_person(ent.text) or looks_like_person(ent.text) or _who_follows(ent)
        one_word = " " not in ent.text.strip()
        if ent.label_ == "PERSON" and one_word and titled_as_company(title_words(noun_phrase(ent.root), ent)):
            # "Engine maker Orrin-Bask": a business, whatever NER says; the name alone
            # elsewhere is the same business, not a person.
            table.companies.add(fold(table.add_organisation(ent.text, position=ent.start_char).name))
        elif ent.label_ == "PERSON" and ends_in_organisation_word(ent.text):
            table.add_organisation(ent.text, position=ent.start_char)  # "Ashworth Rovers"
        elif ent.label_ == "PERSON" and (len(ent) >= 2 or person_like) or ent.label_ in {"ORG", "FAC"} and person_like:
            entry = table.add_person(full_name(ent), position=ent.start_char)
            read_titles(table, entry, ent)
        elif ent.label_ == "PERSON" and one_word:
            table.left_single_words.append((ent.text, ent.start_char))
        elif ent.label_ == "ORG" and (split := organisation_then_person(ent.text)) is not None:
            table.add_organisation(split[0], position=ent.start_char)
            table.add_person(split[1], position=ent.start_char + len(split[0]) + 1)
        elif ent.label_ == "ORG":
            table.add_organisation(ent.text, position=ent.start_char)


def read_unlabelled_organisations(table: Registers) -> None:
    """ "Kestrel Regional Airlines has grounded ...": capitalised words ending in an
    organisation's word ("Airlines", "Authority", "Union") that NER left without a label
    (the small model often does, at a text's start). Not in a headline, whose every word
    is capitalised, nor inside a quote."""
    doc = table.doc
    run: list[int] = []
    for token in budget.checked(doc, STAGE, [*doc, None], every=_TOKENS_BETWEEN_CHECKS):
        if token is not None and _unlabelled_name_word(token) and not table.mask.contains(token):
            run.append(token.i)
            continue
        if len(run) >= 2 and doc[run[-1]].lower_ in ORGANISATION_WORDS and not _in_headline(doc[run[0]]):
            span = doc[run[0] : run[-1] + 1]
            table.add_organisation(span.text, position=span.start_char)
        run = []


def read_described_organisations(table: Registers) -> None:
    """ "ParkSure, the firm that runs parking enforcement, said ...", "Greenvale, a charity
    for carers, said ...": a capitalised name NER left without a label, in apposition with
    a kind of organisation, is that organisation, so "the firm" later finds it."""
    for token in budget.checked(table.doc, STAGE, table.doc, every=_TOKENS_BETWEEN_CHECKS):
        if not _unlabelled_name_word(token) or table.mask.contains(token) or _in_headline(token):
            continue
        described = [c for c in token.children if c.dep_ == "appos" and c.pos_ == "NOUN"]
        if not any(known_kind(fold(c.lemma_)) for c in described):
            continue
        words = [t for t in token.lefts if t.dep_ == "compound" and _unlabelled_name_word(t)]
        span = table.doc[(words[0].i if words else token.i) : token.i + 1]
        table.add_organisation(span.text, position=span.start_char)


def read_titles(table: Registers, entry: Entry, ent: Span) -> None:
    phrase = noun_phrase(ent.root)
    title = title_words(phrase, ent)
    if title:
        add_title(entry, title)
    appos = apposition(ent.root)
    appos_people = appos is not None and any(
        e.label_ == "PERSON" for e in entities_within(table.doc, appos.start, appos.end)
    )
    if appos is not None and not appos_people:
        add_title(entry, appos.text.strip(" ,"))
    if ent.root.dep_ == "appos":  # "The Chair of the party, Amy Carnevale,"
        head = _described_person(ent.root.head)
        described = table.doc[head.left_edge.i : ent.start].text.strip(" ,")
        # Not another person of a list the parser read as an apposition ("Sir Menzies
        # Campbell, Mark Oaten, Simon Hughes").
        if described and head.i < ent.start and head.ent_type_ != "PERSON":
            add_title(entry, re.sub(r"^(?:the|a|an)\s+", "", described, flags=re.I))


def read_genders(table: Registers) -> None:
    """A person's gender from an honorific ("Mr. Tedeschi"), else from the first name."""
    for token in budget.checked(table.doc, STAGE, table.doc, every=_TOKENS_BETWEEN_CHECKS):
        gender = HONORIFIC_GENDER.get(token.lower_)
        if gender and token.i + 1 < len(table.doc):
            entry = table.by_surname(token.nbor(1).text)
            if entry is not None and entry.gender is None:
                entry.gender = gender
    for entry in table.unique_people():
        words = entry.name.split()
        if entry.gender is None and len(words) >= 2:
            # A surname-first name's given name is its second word ("Park Ji-sung").
            given = words[1].split("-")[0] if is_surname_first(words) else words[0]
            entry.gender = first_name_gender(given)


def _unlabelled_name_word(token: Token) -> bool:
    return token.pos_ == "PROPN" and token.text[:1].isupper() and not token.ent_type_


def _in_headline(token: Token) -> bool:
    """On a first line that ends without a stop: the article's title."""
    return token.idx < _headline_end(token.doc)


def _headline_end(doc: Doc) -> int:
    """Where the article's title ends (its first line, when that ends without a stop), or 0
    when it has none; read once per Doc: `doc.text` is rebuilt from every token on each access,
    and the table asks for every name it reads (a 200 KB text took twice as long)."""
    end = doc.user_data.get("quotetrack.headline_end")
    if end is None:
        text = doc_text(doc)
        line_end = text.find("\n")
        titled = line_end >= 0 and not text[:line_end].rstrip().endswith((".", "!", "?"))
        end = doc.user_data["quotetrack.headline_end"] = line_end if titled else 0
    return end


def _headline_only(ent: Span) -> bool:
    """An organisation NER found in a title-case headline and nowhere in the text under it:
    most often capitalised words run together ("Regulator Orders OB-127 Checks")."""
    if ent.label_ != "ORG" or not _in_headline(ent[0]):
        return False
    return ent.text.strip() not in doc_text(ent.doc)[_headline_end(ent.doc) :]


def _who_follows(ent: Span) -> bool:
    """ "Smith, who has led the department since 2019, said": a relative "who" makes the name
    a person's, whatever the tagger took it for."""
    doc = ent.doc
    return ent.end + 1 < len(doc) and doc[ent.end].text == "," and doc[ent.end + 1].lower_ == "who"


def _described_person(head: Token) -> Token:
    """What a name in apposition describes. "A spokeswoman for the company, Leontine Marsh,":
    the parser hangs the name on "company", but a company is no person; the person noun the
    preposition hangs from ("spokeswoman") is described, and the title is "spokeswoman for the
    company"."""
    if head.dep_ != "pobj" or head.head.dep_ != "prep" or has_person_sense(head.lemma_.lower()):
        return head
    described = head.head.head
    return described if described.pos_ == "NOUN" and has_person_sense(described.lemma_.lower()) else head
