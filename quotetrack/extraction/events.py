"""A claim's event: its main predicate and who or what it is about, resolved by reference.

Outlets report one remark in words that share little: "the request was ignored" and "the
detainer placed on Paz-Munoz was ignored"; "police arrested him in February" and "police
arrested De Paz-Munoz in February". What they share is the event: the predicate (one lemma,
or WordNet synonyms) and its arguments, once "him" is the person the article named before
and "the request" the detainer its sentence introduced. Statement linking compares these
frames (quotetrack/normalization/events.py); here they are read off the parse of the
article, where the context is, and stored with each claim as plain JSON.

A frame is {"predicate": lemma, "patient": [keys], "agent": [keys]}; keys are "name:<folded
surname>" for a person or organisation (through the article's name table when it knows the
name) and "noun:<lemma>" for anything else. The patient is the direct object, or the subject
of a passive; the agent the active subject, or the passive's "by" phrase. A claim whose
predicate says nothing of its own ("be", "have", "say") or that has no patient has no frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacy.tokens import Doc, Span, Token

from ..attribution.names import fold, surname

if TYPE_CHECKING:
    from ..attribution.table import NameTable

# Predicates that name no event of their own: copulas, possession, speech, support verbs.
LIGHT_PREDICATES = frozenset("be have do say tell make get go come take give want need".split())
# Pronouns resolved to the person named last before them, agreeing in gender when known.
PERSON_PRONOUNS = {"he": "male", "him": "male", "she": "female", "her": "female"}
# How far back (characters) a pronoun's antecedent may be named: about three paragraphs.
ANTECEDENT_WINDOW = 1500
DEFINITE = frozenset({"the", "this", "that"})
INDEFINITE = frozenset({"a", "an"})
NAMED = frozenset({"PERSON", "ORG", "GPE", "NORP", "FAC", "LOC"})


def claim_event(doc: Doc, start: int, end: int, table: NameTable | None = None) -> dict | None:
    """The event frame of the claim at `start:end` of `doc.text` (see the module), or None."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    predicate = _main_predicate(span)
    if predicate is None or predicate.lemma_.lower() in LIGHT_PREDICATES:
        return None
    passive = any(c.dep_ in {"nsubjpass", "auxpass"} for c in predicate.children)
    patient_heads = [c for c in predicate.children if c.dep_ == ("nsubjpass" if passive else "dobj")]
    if not patient_heads and not passive:
        # A name right after the verb that the parser took for a preposition ("detained
        # Mynor ... De Paz-Munoz": "Mynor" as prep) is the object: no preposition is a name.
        patient_heads = [c for c in predicate.children if c.dep_ == "prep" and c.pos_ == "PROPN"]
    if passive:
        agent_heads = [g for c in predicate.children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"]
    else:
        agent_heads = [c for c in predicate.children if c.dep_ == "nsubj"]
    patient = _keys(patient_heads, span, table)
    if not patient:
        return None
    return {"predicate": predicate.lemma_.lower(), "patient": patient, "agent": _keys(agent_heads, span, table)}


def _main_predicate(span: Span) -> Token | None:
    """The verb the claim hangs from: the first verb of the span whose head lies outside it
    (the reported clause's verb under the cue), else the span's first verb."""
    verbs = [t for t in span if t.pos_ in {"VERB", "AUX"}]
    for token in verbs:
        if not span.start <= token.head.i < span.end or token.head == token:
            return token if token.pos_ == "VERB" or token.dep_ != "aux" else None
    roots = [t for t in verbs if t.dep_ in {"ROOT", "ccomp", "conj"} and t.pos_ == "VERB"]
    return roots[0] if roots else None


def _keys(heads: list[Token], span: Span, table: NameTable | None) -> list[str]:
    keys: list[str] = []
    for head in heads:
        for key in _referent(head, span, table):
            if key not in keys:
                keys.append(key)
    return keys


def _referent(head: Token, span: Span, table: NameTable | None) -> list[str]:
    """Keys naming what `head` refers to (several when a description and what it points
    back to are both known: "the request" -> noun:request, noun:detainer)."""
    lower = head.lower_
    if lower in PERSON_PRONOUNS:
        named = _antecedent(head, PERSON_PRONOUNS[lower], table)
        return [named] if named else []
    if head.pos_ == "PRON":
        return []  # "it", "they", "we": too vague to tie two outlets' claims together
    entity = _entity_of(head)
    if entity is not None:
        return [_name_key(entity.text, entity.label_, table)]
    if head.pos_ not in {"NOUN", "PROPN"}:
        return []
    keys = [f"noun:{head.lemma_.lower()}"]
    introduced = _introduced_before(head, span) if _determiner(head) in DEFINITE else None
    if introduced is not None:
        keys.append(f"noun:{introduced.lemma_.lower()}")
    return keys


def _entity_of(token: Token) -> Span | None:
    doc = token.doc
    for entity in doc.ents:
        if entity.start <= token.i < entity.end and entity.label_ in NAMED:
            return entity
    return None


def _name_key(text: str, label: str, table: NameTable | None) -> str:
    """A person by surname (how outlets shorten a name: "De Paz-Munoz", "Paz-Munoz"), through
    the name table's full name when it knows the mention; anything else by its folded name."""
    if label == "PERSON":
        entry = table.person(text) or table.by_surname(text.split()[-1]) if table is not None else None
        name = entry.name if entry is not None else text
        return f"name:{fold(surname(name))}"
    return f"name:{fold(text.removeprefix('the ').removeprefix('The '))}"


def _antecedent(pronoun: Token, gender: str, table: NameTable | None) -> str | None:
    """The person named last before `pronoun` (within ANTECEDENT_WINDOW characters) whose
    gender, when the name table knows it, agrees."""
    doc = pronoun.doc
    floor = pronoun.idx - ANTECEDENT_WINDOW
    for entity in reversed([e for e in doc.ents if e.label_ == "PERSON" and e.end <= pronoun.i]):
        if entity.start_char < floor:
            break
        entry = table.person(entity.text) or table.by_surname(entity.text.split()[-1]) if table is not None else None
        if entry is not None and entry.gender is not None and entry.gender != gender:
            continue
        return _name_key(entity.text, "PERSON", table)
    return None


def _determiner(noun: Token) -> str | None:
    found = [c.lower_ for c in noun.children if c.dep_ == "det"]
    return found[0] if found else None


def _introduced_before(noun: Token, span: Span) -> Token | None:
    """What a definite description with a new head points back to: the noun its sentence
    introduced last, before the claim, with "a"/"an" as the object of a verb ("it filed an
    immigration detainer with local police, but the request was ignored"). None when the
    description's own word was used before (then it is that word's referent) or nothing was
    introduced."""
    sentence = noun.sent
    before = [t for t in sentence if t.i < span.start]
    if any(t.lemma_.lower() == noun.lemma_.lower() for t in before):
        return None
    for token in reversed(before):
        if token.pos_ == "NOUN" and token.dep_ == "dobj" and _determiner(token) in INDEFINITE:
            return None if _entity_of(token) is not None else token
    return None
