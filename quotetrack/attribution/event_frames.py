"""A claim's event: its main predicate and who or what it is about, resolved by reference.

Outlets report one remark in words that share little: "the request was ignored" and "the
detainer placed on Paz-Munoz was ignored"; "police arrested him in February" and "police
arrested De Paz-Munoz in February". What they share is the event: the predicate (one lemma,
or WordNet synonyms) and its arguments, once "him" is the person the article named before
and "the request" the detainer its sentence introduced. Statement linking compares these
frames (quotetrack/statements/events.py); here they are read off the parse of the
article, where the context is, and stored with each claim as plain JSON.

A frame is {"predicate": lemma, "patient": [keys], "agent": [keys]}; keys are "name:<folded
surname>" for a person or organisation (through the article's name table when it knows the
name) and "noun:<lemma>" for anything else. The patient is the direct object, or the subject
of a passive; the agent the active subject, or the passive's "by" phrase. A claim whose
predicate says nothing of its own ("be", "have", "say") or that has no patient has no frame.

Two more keys say what did not happen: "negated": true when the predicate is negated ("he was
not transferred"), and "unrealized": [frames] for its "before X could V" clauses ("he was
released before agents could arrest him": an arrest that was not made). Putting someone into
custody ("taken into custody", "transferred to federal custody") is the predicate "detain".
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spacy.tokens import Doc, Span, Token

from ..extraction.syntax import entities_within, entity_containing
from ..normalization.folding import fold
from ..normalization.lexicon import wordnet_phrases
from .names import surname

if TYPE_CHECKING:
    from .table import NameTable

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
    if predicate is None:
        return None
    if predicate.lemma_.lower() in LIGHT_PREDICATES and not _into_custody(_arguments(predicate)):
        return None  # "took him into custody" names an event; "took a stand" does not
    frame = _frame(predicate, span, table)
    if frame is None:
        return None
    if _negated(predicate):
        frame["negated"] = True
    unrealized = [
        found
        for clause in predicate.children
        if clause.dep_ == "advcl" and _unrealized(clause) and span.start <= clause.i < span.end
        for found in [_frame(clause, span, table)]
        if found is not None
    ]
    if unrealized:
        frame["unrealized"] = unrealized
    return frame


def _frame(predicate: Token, span: Span, table: NameTable | None) -> dict | None:
    """{"predicate", "patient", "agent"} of one verb, or None when it has no patient."""
    children = _arguments(predicate)
    passive = any(c.dep_ in {"nsubjpass", "auxpass"} for c in predicate.children)
    # A passive's subject is its patient, whichever label the parser gave it.
    patient_deps = {"nsubjpass", "nsubj"} if passive else {"dobj"}
    patient_heads = [c for c in children if c.dep_ in patient_deps]
    # "the detainer placed on Ruiz was ignored" parsed with "placed" as the subject: the
    # noun a reduced relative clause hangs from is the argument.
    patient_heads = [
        next((g for g in c.children if g.dep_ in {"nsubj", "nsubjpass"} and g.i < c.i), c) if c.pos_ == "VERB" else c
        for c in patient_heads
    ]
    if not patient_heads and not passive:
        # A name right after the verb that the parser took for a preposition ("detained
        # Mynor ... De Paz-Munoz": "Mynor" as prep) is the object: no preposition is a name.
        patient_heads = [c for c in children if c.dep_ == "prep" and c.pos_ == "PROPN"]
    if passive:
        agent_heads = [g for c in children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"]
    else:
        agent_heads = [c for c in children if c.dep_ == "nsubj"]
    patient = _keys(patient_heads, span, table)
    if not patient:
        return None
    lemma = CUSTODY_PREDICATE if _into_custody(children) else _predicate_lemma(predicate)
    return {"predicate": lemma, "patient": patient, "agent": _keys(agent_heads, span, table)}


def _predicate_lemma(verb: Token) -> str:
    """The verb's lemma, with its particle when WordNet has the two as one verb: "called off"
    is "call off" (= "cancel"), "picked up" is "pick up" (= "collect")."""
    lemma = verb.lemma_.lower()
    for child in verb.children:
        if child.dep_ == "prt" and (phrase := f"{lemma} {child.lower_}") in wordnet_phrases():
            return phrase
    return lemma


def _arguments(predicate: Token) -> list[Token]:
    """The verb's dependents. The parser sometimes hangs the subject on the auxiliary ("the
    subpoena ... was disregarded": "subpoena" under "was"): the auxiliaries' dependents count
    as the verb's."""
    children = [c for c in predicate.children if c.dep_ not in {"aux", "auxpass"}]
    return children + [g for c in predicate.children if c.dep_ in {"aux", "auxpass"} for g in c.children]


# Moving someone into custody is detaining them, whatever the verb: "taken into custody",
# "transferred to federal custody", "held in custody" report the act "detained" / "arrested"
# report (events.EVENT_CLASSES). Out of custody ("released from custody") is not.
CUSTODY_PREDICATE = "detain"
CUSTODY_NOUNS = frozenset({"custody", "detention"})
INTO = frozenset({"into", "to", "in"})


def _into_custody(children: list[Token]) -> bool:
    return any(
        c.dep_ == "prep"
        and c.lower_ in INTO
        and any(g.dep_ == "pobj" and g.lemma_.lower() in CUSTODY_NOUNS for g in c.children)
        for c in children
    )


def _negated(verb: Token) -> bool:
    """The verb or its auxiliaries carry a negation ("was not transferred", "never freed")."""
    return any(c.dep_ == "neg" for c in verb.children) or any(
        g.dep_ == "neg" for c in verb.children if c.dep_ in {"aux", "auxpass"} for g in c.children
    )


# A clause "before X could V" says that V did not happen (then): "he was released before
# agents could arrest him" reports an arrest that was not made, as "he was not arrested" does.
UNREALIZED_MARKS = frozenset({"before"})
UNREALIZED_MODALS = frozenset({"could", "can"})


def _unrealized(clause: Token) -> bool:
    marks = {c.lower_ for c in clause.children if c.dep_ == "mark"}
    modals = {c.lower_ for c in clause.children if c.dep_ == "aux"}
    return bool(marks & UNREALIZED_MARKS and modals & UNREALIZED_MODALS)


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
    if head.pos_ == "PROPN":  # a name NER did not tag ("Smith sued ...")
        return [_name_key(_proper_name(head).text, "PERSON", table)]
    if head.pos_ != "NOUN":
        return []
    keys = [f"noun:{head.lemma_.lower()}"]
    introduced = _introduced_before(head, span) if _determiner(head) in DEFINITE else None
    if introduced is not None:
        keys.append(f"noun:{introduced.lemma_.lower()}")
    return keys


def _proper_name(token: Token) -> Span:
    """The run of proper nouns ending at `token` ("Tomas Ruiz")."""
    start = token.i
    while start > 0 and token.doc[start - 1].pos_ == "PROPN" and token.doc[start - 1].dep_ == "compound":
        start -= 1
    return token.doc[start : token.i + 1]


def _entity_of(token: Token) -> Span | None:
    entity = entity_containing(token.doc, token.i)  # a search, not a scan of every entity
    return entity if entity is not None and entity.label_ in NAMED else None


def _name_key(text: str, label: str, table: NameTable | None) -> str:
    """A person by surname (how outlets shorten a name: "De Paz-Munoz", "Paz-Munoz"), through
    the name table's full name when it knows the mention; anything else by its folded name."""
    if label == "PERSON":
        entry = table.person(text) or table.by_surname(text.split()[-1]) if table is not None else None
        name = entry.name if entry is not None else text
        return f"name:{fold(surname(name))}"
    person = _person_mistagged(text, table) if label == "ORG" else None
    if person is not None:
        return f"name:{fold(surname(person))}"
    return f"name:{fold(text.removeprefix('the ').removeprefix('The '))}"


def _person_mistagged(text: str, table: NameTable | None) -> str | None:
    """The person an entity NER labelled otherwise names ("they detained Mynor Stiven Ruiz-Vega"
    tagged ORG where "Ruiz-Vega" is a PERSON elsewhere in the article): the name table's
    person with that surname, when the entity ends with it and holds every word of the
    person's name ("the Ruiz Foundation" is no person Ruiz)."""
    if table is None or len(text.split()) < 2:
        return None
    entry = table.person(text) or table.by_surname(text.split()[-1])
    if entry is None:
        return None
    entity_words = [fold(w) for w in text.split()]
    name_words = [fold(w) for w in entry.name.split()]
    if entity_words[-1] != name_words[-1] or not set(name_words) <= set(entity_words):
        return None
    return entry.name


def _antecedent(pronoun: Token, gender: str, table: NameTable | None) -> str | None:
    """The person named last before `pronoun` (within ANTECEDENT_WINDOW characters) whose
    gender, when the name table knows it, agrees."""
    for entity in reversed(_people_before(pronoun, table)):
        entry = table.person(entity.text) or table.by_surname(entity.text.split()[-1]) if table is not None else None
        if entry is not None and entry.gender is not None and entry.gender != gender:
            continue
        return _name_key(entity.text, "PERSON", table)
    return None


def _people_before(pronoun: Token, table: NameTable | None = None) -> list[Span]:
    """The people named before `pronoun` within ANTECEDENT_WINDOW characters, in order: NER's
    PERSON entities, its ORG entities that the name table knows as people (an unfamiliar full
    name; not one modifying a noun, as in "Great Barrington police"), and proper nouns NER
    left untagged (it misses names it has not seen: "Tomas Ruiz"). Only the window is read:
    reading the whole text before every pronoun was quadratic."""
    doc = pronoun.doc
    floor = pronoun.idx - ANTECEDENT_WINDOW
    start = pronoun.i
    while start > 0 and doc[start - 1].idx >= floor:
        start -= 1
    near = entities_within(doc, start, pronoun.i)
    people = [
        e
        for e in near
        if e.label_ == "PERSON"
        or (e.label_ == "ORG" and e.root.dep_ != "compound" and _person_mistagged(e.text, table))
    ]
    for token in doc[start : pronoun.i]:
        if token.pos_ == "PROPN" and entity_containing(doc, token.i) is None and token.dep_ != "compound":
            people.append(_proper_name(token))
    return sorted((p for p in people if p.start_char >= floor), key=lambda s: s.start)


def _determiner(noun: Token) -> str | None:
    found = [c.lower_ for c in noun.children if c.dep_ == "det"]
    return found[0] if found else None


def _introduced_before(noun: Token, span: Span) -> Token | None:
    """What a definite description with a new head points back to: the noun its sentence
    introduced last, before the claim, with "a"/"an" as the object of a verb ("it filed an
    immigration detainer with local police, but the request was ignored"). None when the
    description's own word was used before with a determiner, within ANTECEDENT_WINDOW (then
    it is that mention's referent: "issued a warning ... the warning was ignored"; a bare word
    in a headline, "despite federal request", introduces nothing) or nothing was introduced."""
    doc, lemma = noun.doc, noun.lemma_.lower()
    floor, i = noun.idx - ANTECEDENT_WINDOW, span.start - 1
    while i >= 0 and doc[i].idx >= floor:  # the window back from the claim, not all the text before it
        if doc[i].lemma_.lower() == lemma and _determiner(doc[i]) is not None:
            return None
        i -= 1
    before = [t for t in noun.sent if t.i < span.start]
    for token in reversed(before):
        if token.pos_ == "NOUN" and token.dep_ == "dobj" and _determiner(token) in INDEFINITE:
            return None if _entity_of(token) is not None else token
    return None
