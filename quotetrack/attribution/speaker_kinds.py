"""Can it speak? The kind of thing a candidate speaker's mention names, read from the parse.

On news nobody tuned on, the ranker chose times ("earlier this week"), events ("the ceasefire
talks"), figures ("the jobless rate") and objects ("the rockets") as speakers at high
confidence (issue 39). Whether a noun phrase can say anything is a fact about its head word,
so the head gets a kind from its entity label, else from WordNet's lexicographer files over
the senses of its lemma (not the first sense only: "court" is first a group, "carrier" a
person, "rate" a time), and the kind is a feature the model learns from. Nothing here decides.
"""

from __future__ import annotations

from enum import StrEnum

from spacy.tokens import Token

from ..normalization.lexicon import noun_lexnames


class SpeechKind(StrEnum):
    PERSON = "person"  # a person, or a pronoun for one
    BODY = "body"  # a group of people or an organisation: "the union", "police", ORG
    DOCUMENT = "document"  # speaks for whoever issued it: "the report", "a statement", a law
    PLACE = "place"  # a country or city speaks as its government ("France said"), a site does not
    MUTE = "mute"  # a time, an event, a quantity, an object, a state: cannot say anything
    UNKNOWN = "unknown"  # a word WordNet does not know, with no entity label


_ENTITY_KINDS = {
    "PERSON": SpeechKind.PERSON,
    "ORG": SpeechKind.BODY,
    "NORP": SpeechKind.BODY,
    "GPE": SpeechKind.PLACE,
    "LOC": SpeechKind.MUTE,
    "FAC": SpeechKind.MUTE,
    "DATE": SpeechKind.MUTE,
    "TIME": SpeechKind.MUTE,
    "MONEY": SpeechKind.MUTE,
    "PERCENT": SpeechKind.MUTE,
    "QUANTITY": SpeechKind.MUTE,
    "CARDINAL": SpeechKind.MUTE,
    "ORDINAL": SpeechKind.MUTE,
    "EVENT": SpeechKind.MUTE,
    "PRODUCT": SpeechKind.MUTE,
    "WORK_OF_ART": SpeechKind.DOCUMENT,
    "LAW": SpeechKind.DOCUMENT,
}
_PERSON_PRONOUNS = frozenset({"i", "he", "she", "me", "him", "her", "you"})
_BODY_PRONOUNS = frozenset({"we", "they", "us", "them", "it"})


def head_of(token: Token) -> Token:
    """The head word of the name or noun phrase `token` is part of ("Maura" -> "Healey")."""
    while token.dep_ in {"compound", "flat"} and token.head is not token:
        token = token.head
    return token


def speech_kind(token: Token) -> SpeechKind:
    """What the phrase headed by `token` names, as a possible speaker."""
    head = head_of(token)
    lower = head.lower_
    if head.pos_ == "PRON":
        if lower in _PERSON_PRONOUNS:
            return SpeechKind.PERSON
        return SpeechKind.BODY if lower in _BODY_PRONOUNS else SpeechKind.UNKNOWN
    if head.ent_type_ == "NORP" and head.tag_ in {"NN", "NNP"}:
        return SpeechKind.PERSON  # "the Brazilian said": one of them, a person described
    if head.ent_type_ in _ENTITY_KINDS:
        return _ENTITY_KINDS[head.ent_type_]
    if head.pos_ == "PROPN":
        return SpeechKind.UNKNOWN  # a name NER gave no label: anyone
    return kind_of_noun(head.lemma_.lower())


# WordNet's lexicographer files whose nouns can speak, by how; every other file's cannot.
_SENSE_KINDS = {
    "person": SpeechKind.PERSON,
    "group": SpeechKind.BODY,
    "communication": SpeechKind.DOCUMENT,
    "location": SpeechKind.PLACE,
}


# A noun whose speaking sense comes later than this in WordNet's frequency order is taken to
# mean its common senses: "rocket" is an object, whatever its fourth sense ("a reprimand").
SPEAKING_SENSES = 3


def kind_of_noun(lemma: str) -> SpeechKind:
    """A common noun's kind: that of its most frequent sense able to speak among the first
    SPEAKING_SENSES ("government": a body; "hospital": a building first, then its staff, so a
    body; "court": a body); with none, it cannot speak ("rate", "week", "rocket")."""
    senses = noun_lexnames(lemma)
    if not senses or senses[0] == "Tops":  # the abstract top of WordNet ("group", "entity"): anything
        return SpeechKind.UNKNOWN
    for lexname in senses[:SPEAKING_SENSES]:
        if lexname in _SENSE_KINDS:
            return _SENSE_KINDS[lexname]
    return SpeechKind.MUTE
