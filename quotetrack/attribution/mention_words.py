"""The words a speaker mention is made of, which the name rules in mentions.py read: the
mention's own tokens, the people it names, its proper nouns, a title, a name run after a body.
Pure functions over tokens."""

from __future__ import annotations

from spacy.tokens import Span, Token

from ..extraction.cues import HONORIFICS, PARTY_MEMBER_NOUNS, TITLE_ABBREVIATIONS
from ..extraction.syntax import QuoteMask, entities_within, entity_containing
from .name_spans import is_credit, looks_like_person, person_span
from .names import COMMON_NOUNS, ends_in_organisation_word, is_role_word, is_titled_person

# Dependents whose names are not the speaker: "Y's spokesman", "X, who told Z", "X of Y".
_OTHER_PARTY = {"poss", "relcl", "acl", "advcl", "ccomp"}


def mention_tokens(head: Token, mask: QuoteMask) -> list[Token]:
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
    own = {t.i for t in mention_tokens(head, mask)}
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


def proper_words(phrase: Span, head: Token) -> list[Token]:
    """The proper nouns naming the head, after any possessor when a name follows it:
    "Dunmore's Aoife Rennick" is Aoife Rennick (of Dunmore), never "Dunmore Aoife Rennick";
    "Peru's transport Ministry" (a common noun capitalised) is named by its owner's word."""
    proper = [t for t in phrase if t.pos_ == "PROPN" and t.i >= head.i - 3]
    owned_from = max((t.i + 1 for t in phrase if t.tag_ == "POS" and t.i < head.i), default=phrase.start)
    owned = [t for t in proper if t.i >= owned_from]
    return owned if any(t.lower_ not in COMMON_NOUNS for t in owned) else proper


def person_after_described_body(head: Token, mask: QuoteMask) -> str | None:
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


def given_tail(token: Token) -> bool:
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


def joined(proper: list[Token]) -> str:
    """The words of a name as written: "Oyelaran-Bell" keeps the hyphen the parser split off."""
    span = proper[0].doc[proper[0].i : proper[-1].i + 1]
    chosen = {t.i for t in proper}
    if all(t.i in chosen or t.text == "-" for t in span):
        return span.text
    return " ".join(t.text for t in proper)


def proper_run(head: Token) -> Span | None:
    doc = head.doc
    start = head.i
    # "Federal" in "The Federal Trade Commission" may be tagged an adjective.
    while start > 0 and (
        doc[start - 1].pos_ == "PROPN" or doc[start - 1].pos_ == "ADJ" and doc[start - 1].text.istitle()
    ):
        start -= 1
    return doc[start : head.i + 1] if start < head.i else None


def title_of(phrase: Span) -> str:
    return " ".join(t.text for t in phrase if t.lower_ in HONORIFICS or t.lower_ in TITLE_ABBREVIATIONS)


def is_roman_numeral(text: str) -> bool:
    return bool(text) and set(text.upper()) <= set("IVXLC") and len(text) <= 4


def person_containing(head: Token) -> Span | None:
    """The entity the head is in; a person's with the name words NER cut off before it ("Amy
    Berman" + "Jackson": NER cut one name in two)."""
    containing = entity_containing(head.doc, head.i)
    if containing is not None and containing.label_ == "PERSON":
        containing = person_span(containing)
    return containing


def entity_of(head: Token) -> tuple[Span | None, str]:
    entity = entity_containing(head.doc, head.i)
    return entity, entity.label_ if entity is not None else ""


def is_title(token: Token) -> bool:
    return token.lower_ in HONORIFICS or token.lower_ in TITLE_ABBREVIATIONS


def name_words(phrase: Span, head: Token) -> list[Token]:
    """The proper words naming the head; only those after a title or honorific name
    ("Undersecretary for Education Mr. Toccafondi"): the title itself is added once."""
    proper = proper_words(phrase, head)
    titling = [i for i, t in enumerate(proper) if is_title(t)]
    if titling and titling[-1] < len(proper) - 1:
        proper = proper[titling[-1] + 1 :]
    return proper


def is_common_noun(head: Token) -> bool:
    return head.pos_ == "NOUN" and head.text.islower()


def appositive_name(head: Token) -> Token | None:
    """ "The Internet security firm Secunia.com, has said": the name in apposition."""
    return next(
        (
            c
            for c in head.children
            if c.dep_ == "appos" and (c.pos_ == "PROPN" or given_tail(c)) and c.lower_ not in PARTY_MEMBER_NOUNS
        ),
        None,
    )


def past_hyphenated_tail(head: Token) -> Token:
    """ "Moon Jae-in": the parser made "in" the subject; the name's head is "Moon"."""
    doc = head.doc
    if head.i >= 2 and doc[head.i - 1].text == "-" and not doc[head.i - 2].whitespace_ and head.text.islower():
        return doc[head.i - 2]
    return head


def is_organisation(entity: Span | None, label: str) -> bool:
    return label in {"ORG", "NORP", "GPE", "FAC"} and entity is not None
