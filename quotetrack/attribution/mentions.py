"""What a speaker mention names, read off the parse: pure functions over tokens.

Shared by the name table (which registers every name a cue's subject carries, before any
attribution) and by the sieves (which look those names up).
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Span, Token

from ..extraction.cues import (
    HONORIFICS,
    ORGANISATION_NAME_WORDS,
    PARTY_MEMBER_NOUNS,
    PRONOUNS_FEMALE,
    PRONOUNS_MALE,
    PRONOUNS_PLURAL,
    PRONOUNS_RELATIVE,
    PRONOUNS_THING,
    TITLE_ABBREVIATIONS,
)
from ..extraction.syntax import QuoteMask, entities_within, entity_containing, is_acronym, noun_phrase
from ..types import SpeakerKind
from .gender import first_name_gender
from .name_spans import full_name, is_credit, looks_like_person, organisation_then_person, person_span
from .names import COMMON_NOUNS, PERSON_NOUNS, ROLE_WORDS, ends_in_organisation_word, is_role_word, is_titled_person

# Dependents whose names are not the speaker: "Y's spokesman", "X, who told Z", "X of Y".
_OTHER_PARTY = {"poss", "relcl", "acl", "advcl", "ccomp"}
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


def _mention_tokens(head: Token, mask: QuoteMask) -> list[Token]:
    """The mention's own tokens: its subtree without the other parties' subtrees."""
    excluded: set[int] = set()
    for token in head.subtree:
        if token.i != head.i and token.dep_ in _OTHER_PARTY:
            excluded.update(t.i for t in token.subtree)
    return [t for t in head.subtree if t.i not in excluded and not mask.contains(t)]


def person_entities(head: Token, mask: QuoteMask) -> list[tuple[Span, bool]]:
    """PERSON entities inside the mention, best first: one in apposition to the head ("The
    Chair of the party, Amy Carnevale,"), then one containing the head, then the nearest
    ("Governor of Washington Chris Gregoire"). The bool says "in apposition"."""
    own = {t.i for t in _mention_tokens(head, mask)}
    found = []
    for ent in entities_within(head.doc, min(own), max(own) + 1) if own else ():
        if ent.label_ != "PERSON" or len(ent) < 2 or not all(t.i in own for t in ent) or is_credit(ent.text):
            continue
        if ends_in_organisation_word(ent.text) or _modifies(ent, head) or _for_whom(ent, head):
            continue
        appositive = any(t.dep_ == "appos" for t in ent) and not ent.start <= head.i < ent.end
        contains_head = ent.start <= head.i < ent.end
        found.append((ent, appositive, (not appositive, not contains_head, abs(ent.root.i - head.i))))
    found.sort(key=lambda f: f[2])
    return [(ent, appositive) for ent, appositive, _ in found]


def _modifies(ent: Span, head: Token) -> bool:
    """ "a Harbour Line spokeswoman", "Reyes's lawyer": a name just before a common noun, or
    owning it, says whom the speaker works for, not who speaks (titles come before names:
    "Governor Maura Healey")."""
    after = ent.end + 1 if ent.end < len(ent.doc) and ent.doc[ent.end].tag_ == "POS" else ent.end
    return head.pos_ == "NOUN" and after == head.i


def _for_whom(ent: Span, head: Token) -> bool:
    """ "Ms Fenella Drury, solicitor for Prof Wennerholm,": a person named after a preposition
    inside a mention that names its own speaker is whom the speaker acts for or belongs to
    (a client, an employer, a spouse), not who speaks. A mention led by a title keeps the
    name ("Governor of Washington Chris Gregoire": "Governor" names nobody)."""
    return (
        ent.root.dep_ == "pobj"
        and not ent.start <= head.i < ent.end
        and head.pos_ == "PROPN"
        and not is_role_word(head.text)
        and head.lower_ not in TITLE_ABBREVIATIONS
    )


def _proper_words(phrase: Span, head: Token) -> list[Token]:
    """The proper nouns naming the head, after any possessor when a name follows it:
    "Dunmore's Aoife Rennick" is Aoife Rennick (of Dunmore), never "Dunmore Aoife Rennick";
    "Peru's transport Ministry" (a common noun capitalised) is named by its owner's word."""
    proper = [t for t in phrase if t.pos_ == "PROPN" and t.i >= head.i - 3]
    owned_from = max((t.i + 1 for t in phrase if t.tag_ == "POS" and t.i < head.i), default=phrase.start)
    owned = [t for t in proper if t.i >= owned_from]
    return owned if any(t.lower_ not in COMMON_NOUNS for t in owned) else proper


def name_in(head: Token, mask: QuoteMask) -> Name | None:
    """The proper name a speaker mention carries, if any."""
    if head.text.startswith("@"):
        return Name(SpeakerKind.PERSON, head.text)
    if is_pronoun(head):
        return None
    doc = head.doc
    containing = entity_containing(doc, head.i)
    if containing is not None and containing.label_ == "PERSON":
        containing = person_span(containing)  # "Amy Berman" + "Jackson": NER cut one name in two
    if containing is not None and containing.label_ == "PERSON" and ends_in_organisation_word(containing.text):
        # "Ashworth Rovers said", tagged a person: a club, a union or a party by its name's words.
        return Name(SpeakerKind.ORGANISATION, containing.text)
    if (
        containing is not None
        and containing.label_ == "PERSON"
        and len(containing) >= 2
        and not is_credit(containing.text)
        and not mask.contains(containing[0])
    ):
        # The head is inside a person's name: the whole name, however the parser split a
        # hyphenated part ("Park Ji-sung", whose subject may be "sung" or "Ji").
        return Name(SpeakerKind.PERSON, full_name(containing))
    if head.i >= 2 and doc[head.i - 1].text == "-" and not doc[head.i - 2].whitespace_ and head.text.islower():
        head = doc[head.i - 2]  # "Moon Jae-in": the parser made "in" the subject
    people = person_entities(head, mask)
    if people:
        ent, appositive = people[0]
        return Name(SpeakerKind.PERSON, full_name(ent), in_apposition=appositive)
    embedded = _name_after_description(head, mask)
    if embedded is not None:
        return Name(SpeakerKind.PERSON, embedded)
    if head.pos_ == "NOUN" and head.text.islower():
        # "The Internet security firm Secunia.com, has said": the name in apposition.
        named = next(
            (
                c
                for c in head.children
                if c.dep_ == "appos" and (c.pos_ == "PROPN" or _given_tail(c)) and c.lower_ not in PARTY_MEMBER_NOUNS
            ),
            None,
        )
        if named is None:
            named_after = _person_after_described_body(head, mask)
            if named_after is not None:
                return Name(SpeakerKind.PERSON, named_after, in_apposition=True)
        if named is not None and _given_tail(named) and not mask.contains(named):
            # "One protester, Kim In-seok,": the tagger made "seok" a noun, the name is whole.
            return Name(SpeakerKind.PERSON, doc[named.left_edge.i : named.i + 1].text, in_apposition=True)
        return name_in(named, mask) if named is not None else None
    if head.pos_ != "PROPN" and not head.text[:1].isupper():
        return None
    phrase = noun_phrase(head)
    entity = entity_containing(head.doc, head.i)
    label = entity.label_ if entity is not None else ""
    if head.lower_ in ROLE_WORDS or head.is_sent_start and head.lower_ in COMMON_NOUNS:
        return None  # "the CEO", "MP", "Hospital" starting a sentence: a role or a common noun, not a name
    if label == "NORP" and head.tag_ in {"NN", "NNP"} and phrase[0].lower_ == "the" and len(phrase) <= 3:
        return None  # "the Brazilian said": one person described by where they are from, not a name
    if is_acronym(head) and not _is_roman_numeral(head.text):
        return Name(SpeakerKind.ORGANISATION, head.text)
    # "Mr." and "Gov." title the name; the title is added once, below.
    # Only the words after a title or honorific name ("Undersecretary for Education Mr.
    # Toccafondi"); the title itself is added once, below.
    proper = _proper_words(phrase, head)
    titling = [i for i, t in enumerate(proper) if t.lower_ in HONORIFICS or t.lower_ in TITLE_ABBREVIATIONS]
    if titling and titling[-1] < len(proper) - 1:
        proper = proper[titling[-1] + 1 :]
    titled = any(t.lower_ in HONORIFICS or t.lower_ in TITLE_ABBREVIATIONS for t in phrase)
    if titled and len(proper) == 1 and proper[0].lower_ not in ORGANISATION_NAME_WORDS:
        # "Cllr Hale" or "Dr Osei" tagged an organisation: a personal title before one name
        # makes it a surname, which the table joins to the person the article named in full.
        return Name(SpeakerKind.PERSON, f"{_title_of(phrase)} {_joined(proper)}".strip(), bare=True, titled=True)
    if label in {"ORG", "FAC", "GPE", "NORP", "LOC"} and entity is not None and is_titled_person(entity.text):
        # "Sgt Ron Long" tagged a facility, "Councilor Rita Diaz" an organisation: a title
        # and a short name are a person whatever NER called them.
        return Name(SpeakerKind.PERSON, entity.text, titled=True)
    if label in {"ORG", "FAC"} and entity is not None and looks_like_person(entity.text):
        # "Marguerite Ashdown-Reyes" tagged an organisation or a building: a known first name
        # and a surname are a person.
        return Name(SpeakerKind.PERSON, entity.text)
    person_apposition = any(c.dep_ == "appos" and c.lemma_.lower() in PERSON_NOUNS for c in head.children)
    if len(proper) >= 2 and person_apposition and not any(t.lower_ in ORGANISATION_NAME_WORDS for t in proper):
        # "Valeska Paris, an Australian woman, ...", with both words tagged places: a person.
        return Name(SpeakerKind.PERSON, _joined(proper))
    organisation = label in {"ORG", "NORP", "GPE", "FAC"} and entity is not None
    if organisation and entity is not None and len(entity) > 1:
        # "The California Farm Bureau" where NER saw only "Farm Bureau": the whole run of
        # proper nouns that ends in the entity.
        run = _proper_run(head)
        longer = run is not None and run.start < entity.start and run.end >= entity.end
        text = run.text if longer and run is not None else entity.text
        split = organisation_then_person(text)  # a name run into the organisation's, no comma between
        return Name(SpeakerKind.ORGANISATION, split[0] if split is not None else text)
    if not proper and head.text[:1].isupper() and head.pos_ in {"NOUN", "VERB"} and not _is_roman_numeral(head.text):
        # The tagger took a surname for a noun or a verb ("Wilkins/NOUN said"): the table
        # decides whether the article names such a person.
        return Name(SpeakerKind.PERSON, head.text, bare=True)
    if not proper or _is_roman_numeral(head.text):
        return None
    words = _joined(proper)
    if len(proper) == 1:
        # One word: a surname the article gave in full, or a one-word organisation; the
        # table decides ("Healey" tagged ORG is still Maura Healey's surname).
        named_as_body = organisation or ends_in_organisation_word(phrase.text)  # "Rovers said"
        kind = SpeakerKind.ORGANISATION if named_as_body else SpeakerKind.PERSON
        return Name(kind, f"{_title_of(phrase)} {words}".strip(), bare=True, titled=titled)
    if label == "PERSON" or titled:
        return Name(SpeakerKind.PERSON, f"{_title_of(phrase)} {words}".strip(), titled=titled)
    if not label and (is_titled_person(words) or looks_like_person(words)):
        # Proper nouns NER left untagged: a title and a short name ("Sgt Ron Long") or a
        # known first name and a surname are a person, not an organisation.
        return Name(SpeakerKind.PERSON, words)
    return Name(SpeakerKind.ORGANISATION, phrase.text)


def _person_after_described_body(head: Token, mask: QuoteMask) -> str | None:
    """ "the director of the National Infection Control Authority, Prof Anand Kurup,": the
    parser hangs the name on the body, but a body's apposition is no person's name; it is
    the described one's."""
    for prep in head.children:
        if prep.dep_ != "prep" or prep.lower_ != "of":
            continue
        for body in prep.children:
            for named in body.children:
                if named.dep_ != "appos" or named.pos_ != "PROPN" or mask.contains(named):
                    continue
                text = head.doc[named.left_edge.i : named.i + 1].text
                if is_titled_person(text) or looks_like_person(text):
                    return text
    return None


def _given_tail(token: Token) -> bool:
    """ "seok" of "Kim In-seok": the lower-case end of a hyphenated given name, which the
    tagger may call a noun."""
    doc = token.doc
    before = doc[token.left_edge.i : token.i]
    return (
        token.i >= 2
        and token.text.islower()
        and doc[token.i - 1].text == "-"
        and not doc[token.i - 2].whitespace_
        and not doc[token.i - 1].whitespace_
        and len(before) >= 3
        and all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in before[:-1])
    )


def _joined(proper: list[Token]) -> str:
    """The words of a name as written: "Oyelaran-Bell" keeps the hyphen the parser split off."""
    span = proper[0].doc[proper[0].i : proper[-1].i + 1]
    chosen = {t.i for t in proper}
    if all(t.i in chosen or t.text == "-" for t in span):
        return span.text
    return " ".join(t.text for t in proper)


def _name_after_description(head: Token, mask: QuoteMask) -> str | None:
    """ "Executive director of the Council on American-Islamic Relations Alia Salem": a
    known first name and a surname closing the mention, which NER ran into the
    organisation before it. A first name the lexicon does not know counts when the article
    names the surname alone elsewhere ("UN High Commissioner for Human Rights Navi Pillay
    stated ... Pillay said"), as news does with people and not with organisations."""
    own = _mention_tokens(head, mask)
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


def _proper_run(head: Token) -> Span | None:
    doc = head.doc
    start = head.i
    # "Federal" in "The Federal Trade Commission" may be tagged an adjective.
    while start > 0 and (
        doc[start - 1].pos_ == "PROPN" or doc[start - 1].pos_ == "ADJ" and doc[start - 1].text.istitle()
    ):
        start -= 1
    return doc[start : head.i + 1] if start < head.i else None


def _title_of(phrase: Span) -> str:
    return " ".join(t.text for t in phrase if t.lower_ in HONORIFICS or t.lower_ in TITLE_ABBREVIATIONS)


def _is_roman_numeral(text: str) -> bool:
    return bool(text) and set(text.upper()) <= set("IVXLC") and len(text) <= 4
