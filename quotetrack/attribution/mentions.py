"""What a speaker mention names, read off the parse: pure functions over tokens.

Shared by the name table (which registers every name a cue's subject carries, before any
attribution) and by the sieves (which look those names up). `name_in` reads the name with
ordered, named rules, like the sieves: HEAD_RULES on the head as parsed, then NAME_RULES on
the head of the name. Each answers with a Name, None to pass on, NO_NAME (the mention names
nobody: the rules after it are not asked) or a token whose name the mention's is (an
apposition: the rules run again on it). The words they read are in mention_words.py.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Final

from spacy.tokens import Token

from ..extraction.cues import (
    ORGANISATION_NAME_WORDS,
    PRONOUNS_FEMALE,
    PRONOUNS_MALE,
    PRONOUNS_PLURAL,
    PRONOUNS_RELATIVE,
    PRONOUNS_THING,
)
from ..extraction.syntax import QuoteMask, is_acronym, noun_phrase
from ..types import SpeakerKind
from .gender import first_name_gender
from .mention_words import (
    appositive_name,
    entity_of,
    given_tail,
    is_common_noun,
    is_organisation,
    is_roman_numeral,
    is_title,
    joined,
    mention_tokens,
    name_words,
    past_hyphenated_tail,
    person_after_described_body,
    person_containing,
    person_entities,
    proper_run,
    title_of,
)
from .name_spans import full_name, is_credit, looks_like_person, organisation_then_person
from .names import COMMON_NOUNS, PERSON_NOUNS, ROLE_WORDS, ends_in_organisation_word, is_titled_person

_PRONOUNS = PRONOUNS_MALE | PRONOUNS_FEMALE | PRONOUNS_PLURAL | PRONOUNS_THING | PRONOUNS_RELATIVE


@dataclass(frozen=True)
class Name:
    kind: SpeakerKind
    text: str
    in_apposition: bool = False
    bare: bool = False  # a single word (a surname or an unknown one-word name)
    titled: bool = False  # carries an honorific or abbreviated title ("Gov. Healey")


def is_pronoun(token: Token) -> bool:
    """ "he", "they", "it"; not "WHO" (the World Health Organization) or "US"."""
    if token.text.isupper() and len(token.text) > 1:
        return False
    if token.lower_ == "i" and token.i > 0 and token.nbor(-1).lower_ == "the":
        return False  # "the i", a newspaper
    lowered = token.lower_
    return lowered in _PRONOUNS or (
        token.pos_ == "PRON" and lowered not in {"one", "someone", "anyone", "everyone", "nobody"}
    )


class _NoName(Enum):
    NO_NAME = "no name"


# A rule's answer that the mention names nobody: the rules after it are not asked.
NO_NAME: Final = _NoName.NO_NAME
Answer = Name | Token | _NoName | None
NameRule = Callable[[Token, QuoteMask], Answer]


# The rules on the head as parsed, in HEAD_RULES' order.


def handle(head: Token, mask: QuoteMask) -> Answer:
    """ "@SenSanders wrote": a handle is a person's."""
    return Name(SpeakerKind.PERSON, head.text) if head.text.startswith("@") else None


def pronoun(head: Token, mask: QuoteMask) -> Answer:
    """ "she said": a pronoun names nobody."""
    return NO_NAME if is_pronoun(head) else None


def organisation_tagged_person(head: Token, mask: QuoteMask) -> Answer:
    """ "Ashworth Rovers said", tagged a person: a club, a union or a party by its name's words."""
    containing = person_containing(head)
    if containing is not None and containing.label_ == "PERSON" and ends_in_organisation_word(containing.text):
        return Name(SpeakerKind.ORGANISATION, containing.text)
    return None


def whole_person_name(head: Token, mask: QuoteMask) -> Answer:
    """The head is inside a person's name: the whole name, however the parser split a
    hyphenated part ("Park Ji-sung", whose subject may be "sung" or "Ji")."""
    containing = person_containing(head)
    if (
        containing is not None
        and containing.label_ == "PERSON"
        and len(containing) >= 2
        and not is_credit(containing.text)
        and not mask.contains(containing[0])
    ):
        return Name(SpeakerKind.PERSON, full_name(containing))
    return None


HEAD_RULES: tuple[NameRule, ...] = (handle, pronoun, organisation_tagged_person, whole_person_name)


# The rules on the head of the name, in NAME_RULES' order.


def person_entity(head: Token, mask: QuoteMask) -> Answer:
    """A person NER found in the mention, best first ("The Chair of the party, Amy Carnevale,")."""
    people = person_entities(head, mask)
    if people:
        ent, appositive = people[0]
        return Name(SpeakerKind.PERSON, full_name(ent), in_apposition=appositive)
    return None


def name_after_description(head: Token, mask: QuoteMask) -> Answer:
    """ "Executive director of the Council on American-Islamic Relations Alia Salem": a name
    closing the mention that NER ran into the organisation before it."""
    embedded = _name_after_description(head, mask)
    return Name(SpeakerKind.PERSON, embedded) if embedded is not None else None


def named_after_described_body(head: Token, mask: QuoteMask) -> Answer:
    """ "the director of the National Infection Control Authority, Prof Anand Kurup,": a common
    noun with no name in apposition, described by a body the parser hung the name on."""
    if not is_common_noun(head) or appositive_name(head) is not None:
        return None
    named_after = person_after_described_body(head, mask)
    return Name(SpeakerKind.PERSON, named_after, in_apposition=True) if named_after is not None else None


def hyphenated_name_in_apposition(head: Token, mask: QuoteMask) -> Answer:
    """ "One protester, Kim In-seok,": the tagger made "seok" a noun, the name is whole."""
    named = appositive_name(head) if is_common_noun(head) else None
    if named is not None and given_tail(named) and not mask.contains(named):
        return Name(SpeakerKind.PERSON, head.doc[named.left_edge.i : named.i + 1].text, in_apposition=True)
    return None


def name_in_apposition(head: Token, mask: QuoteMask) -> Answer:
    """ "The Internet security firm Secunia.com, has said": a common noun is named by its
    apposition, read by the rules again; with none, by nothing."""
    if not is_common_noun(head):
        return None
    named = appositive_name(head)
    return named if named is not None else NO_NAME


def not_a_name(head: Token, mask: QuoteMask) -> Answer:
    """ "the company said": neither a proper noun nor capitalised, no name."""
    return NO_NAME if head.pos_ != "PROPN" and not head.text[:1].isupper() else None


def role_or_common_noun(head: Token, mask: QuoteMask) -> Answer:
    """ "the CEO", "MP", "Hospital" starting a sentence: a role or a common noun, not a name."""
    if head.lower_ in ROLE_WORDS or head.is_sent_start and head.lower_ in COMMON_NOUNS:
        return NO_NAME
    return None


def nationality(head: Token, mask: QuoteMask) -> Answer:
    """ "the Brazilian said": one person described by where they are from, not a name."""
    phrase = noun_phrase(head)
    _, label = entity_of(head)
    if label == "NORP" and head.tag_ in {"NN", "NNP"} and phrase[0].lower_ == "the" and len(phrase) <= 3:
        return NO_NAME
    return None


def acronym(head: Token, mask: QuoteMask) -> Answer:
    """ "ICE said": an acronym is an organisation (not a Roman numeral: "Charles III")."""
    if is_acronym(head) and not is_roman_numeral(head.text):
        return Name(SpeakerKind.ORGANISATION, head.text)
    return None


def titled_surname(head: Token, mask: QuoteMask) -> Answer:
    """ "Cllr Hale" or "Dr Osei" tagged an organisation: a personal title before one name makes
    it a surname, which the table joins to the person the article named in full."""
    phrase = noun_phrase(head)
    proper = name_words(phrase, head)
    titled = any(is_title(t) for t in phrase)
    if titled and len(proper) == 1 and proper[0].lower_ not in ORGANISATION_NAME_WORDS:
        return Name(SpeakerKind.PERSON, f"{title_of(phrase)} {joined(proper)}".strip(), bare=True, titled=True)
    return None


def titled_person_tagged_otherwise(head: Token, mask: QuoteMask) -> Answer:
    """ "Sgt Ron Long" tagged a facility, "Councilor Rita Diaz" an organisation: a title and a
    short name are a person whatever NER called them."""
    entity, label = entity_of(head)
    if label in {"ORG", "FAC", "GPE", "NORP", "LOC"} and entity is not None and is_titled_person(entity.text):
        return Name(SpeakerKind.PERSON, entity.text, titled=True)
    return None


def person_tagged_organisation(head: Token, mask: QuoteMask) -> Answer:
    """ "Marguerite Ashdown-Reyes" tagged an organisation or a building: a known first name and
    a surname are a person."""
    entity, label = entity_of(head)
    if label in {"ORG", "FAC"} and entity is not None and looks_like_person(entity.text):
        return Name(SpeakerKind.PERSON, entity.text)
    return None


def person_by_apposition(head: Token, mask: QuoteMask) -> Answer:
    """ "Valeska Paris, an Australian woman, ...", with both words tagged places: a person."""
    proper = name_words(noun_phrase(head), head)
    person_apposition = any(c.dep_ == "appos" and c.lemma_.lower() in PERSON_NOUNS for c in head.children)
    if len(proper) >= 2 and person_apposition and not any(t.lower_ in ORGANISATION_NAME_WORDS for t in proper):
        return Name(SpeakerKind.PERSON, joined(proper))
    return None


def organisation_entity(head: Token, mask: QuoteMask) -> Answer:
    """ "The California Farm Bureau" where NER saw only "Farm Bureau": the whole run of proper
    nouns that ends in the entity; a name run into the organisation's, no comma between, cut."""
    entity, label = entity_of(head)
    if not (is_organisation(entity, label) and entity is not None and len(entity) > 1):
        return None
    run = proper_run(head)
    longer = run is not None and run.start < entity.start and run.end >= entity.end
    text = run.text if longer and run is not None else entity.text
    split = organisation_then_person(text)
    return Name(SpeakerKind.ORGANISATION, split[0] if split is not None else text)


def mistagged_surname(head: Token, mask: QuoteMask) -> Answer:
    """ "Wilkins/NOUN said": the tagger took a surname for a noun or a verb; the table decides
    whether the article names such a person."""
    proper = name_words(noun_phrase(head), head)
    if not proper and head.text[:1].isupper() and head.pos_ in {"NOUN", "VERB"} and not is_roman_numeral(head.text):
        return Name(SpeakerKind.PERSON, head.text, bare=True)
    return None


def no_proper_words(head: Token, mask: QuoteMask) -> Answer:
    """ "Section II": no proper words, or a Roman numeral, name nobody."""
    proper = name_words(noun_phrase(head), head)
    return NO_NAME if not proper or is_roman_numeral(head.text) else None


def one_word(head: Token, mask: QuoteMask) -> Answer:
    """ "Healey said", "Rovers said": one word, a surname the article gave in full or a one-word
    organisation; the table decides ("Healey" tagged ORG is still Maura Healey's surname)."""
    phrase = noun_phrase(head)
    proper = name_words(phrase, head)
    if len(proper) != 1:
        return None
    entity, label = entity_of(head)
    named_as_body = is_organisation(entity, label) or ends_in_organisation_word(phrase.text)
    kind = SpeakerKind.ORGANISATION if named_as_body else SpeakerKind.PERSON
    titled = any(is_title(t) for t in phrase)
    return Name(kind, f"{title_of(phrase)} {joined(proper)}".strip(), bare=True, titled=titled)


def person_name(head: Token, mask: QuoteMask) -> Answer:
    """ "Gov. Maura Healey", "Maura Healey" tagged a person: a person's name, with its title."""
    phrase = noun_phrase(head)
    _, label = entity_of(head)
    titled = any(is_title(t) for t in phrase)
    if label == "PERSON" or titled:
        words = joined(name_words(phrase, head))
        return Name(SpeakerKind.PERSON, f"{title_of(phrase)} {words}".strip(), titled=titled)
    return None


def untagged_person(head: Token, mask: QuoteMask) -> Answer:
    """Proper nouns NER left untagged: a title and a short name ("Sgt Ron Long") or a known
    first name and a surname are a person, not an organisation."""
    words = joined(name_words(noun_phrase(head), head))
    _, label = entity_of(head)
    if not label and (is_titled_person(words) or looks_like_person(words)):
        return Name(SpeakerKind.PERSON, words)
    return None


def organisation(head: Token, mask: QuoteMask) -> Answer:
    """ "Harbour Line Transit said": any other run of proper nouns is an organisation's name."""
    return Name(SpeakerKind.ORGANISATION, noun_phrase(head).text)


NAME_RULES: tuple[NameRule, ...] = (
    person_entity,
    name_after_description,
    named_after_described_body,
    hyphenated_name_in_apposition,
    name_in_apposition,
    not_a_name,
    role_or_common_noun,
    nationality,
    acronym,
    titled_surname,
    titled_person_tagged_otherwise,
    person_tagged_organisation,
    person_by_apposition,
    organisation_entity,
    mistagged_surname,
    no_proper_words,
    one_word,
    person_name,
    untagged_person,
    organisation,
)


def _first_answer(rules: tuple[NameRule, ...], head: Token, mask: QuoteMask) -> Answer:
    for rule in rules:
        found = rule(head, mask)
        if found is not None:
            return found
    return None


def name_in(head: Token, mask: QuoteMask) -> Name | None:
    """The proper name a speaker mention carries, if any: the first answer of HEAD_RULES on
    the head as parsed, then of NAME_RULES on the head of the name ("Moon Jae-in": the parser
    may make "in" the subject). A common noun's apposition is read as a mention of its own."""
    found = _first_answer(HEAD_RULES, head, mask)
    if found is None:
        found = _first_answer(NAME_RULES, past_hyphenated_tail(head), mask)
    if isinstance(found, Token):
        return name_in(found, mask)
    return found if isinstance(found, Name) else None


def _name_after_description(head: Token, mask: QuoteMask) -> str | None:
    """ "Executive director of the Council on American-Islamic Relations Alia Salem": a
    known first name and a surname closing the mention, which NER ran into the
    organisation before it. A first name the lexicon does not know counts when the article
    names the surname alone elsewhere ("UN High Commissioner for Human Rights Navi Pillay
    stated ... Pillay said"), as news does with people and not with organisations."""
    own = mention_tokens(head, mask)
    words = [t for t in own if t.i > own[-1].i - 4]
    for index in range(len(words) - 1):
        first, rest = words[index], words[index + 1 :]
        if (
            first.pos_ == "PROPN"
            and first.ent_type_ not in {"GPE", "LOC", "FAC"}  # "Great Barrington ICE" is a place and an agency
            and (first_name_gender(first.text) is not None or len(rest) == 1 and _named_alone_elsewhere(rest[0]))
            and 1 <= len(rest) <= 2
            and all(t.pos_ == "PROPN" and t.text[:1].isupper() and not is_acronym(t) for t in rest)
            # "United Kingdom Home Office", "Regional Transit Authority": the organisation's name
            and not any(t.lower_ in ORGANISATION_NAME_WORDS or t.lower_ in COMMON_NOUNS for t in rest)
            and index > 0
            and words[index - 1].pos_ in {"PROPN", "NOUN"}
        ):
            return " ".join(t.text for t in [first, *rest])
    return None


def named_alone_elsewhere(word: Token) -> bool:
    """`word` stands elsewhere in the text as a one-word name (the table reads it too)."""
    return _named_alone_elsewhere(word)


def _named_alone_elsewhere(word: Token) -> bool:
    """`word` stands elsewhere in the text as a one-word name: no proper noun on either side.
    The words standing so are listed once per Doc: a pass over the text per mention was
    quadratic (issue #38: 3,000 people named in 199 KB)."""
    doc = word.doc
    alone = doc.user_data.get("quotetrack.alone")
    if alone is None:
        alone = {}
        propn = [t.pos_ == "PROPN" for t in doc]
        for other in doc:
            i = other.i
            if not (i > 0 and propn[i - 1]) and not (i + 1 < len(doc) and propn[i + 1]):
                alone.setdefault(other.text, []).append(i)
        doc.user_data["quotetrack.alone"] = alone
    return any(i != word.i for i in alone.get(word.text, ())[:2])
