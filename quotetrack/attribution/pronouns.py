"""Pronoun speakers: agreement in gender and number, then salience.

A pronoun that is a cue's subject ("he said", "it added", "they claimed") refers, in news,
almost always to a speaker the text has just put forward: the subject of the previous
reporting clause, the person last quoted, the named subject of the sentence before. Among
those, the first that agrees wins (he/she: a person of that gender or of unknown gender;
they/we: an organisation or group; it: an organisation). coreferee's chain is consulted
last, when the setting enables it: measured on news, it adds little (benchmarks/).
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Token

from ..extraction.cues import (
    DOCUMENT_NOUNS,
    PRONOUNS_FEMALE,
    PRONOUNS_MALE,
    PRONOUNS_PLURAL,
    PRONOUNS_RELATIVE,
    PRONOUNS_THING,
)
from ..extraction.syntax import is_cue
from ..normalization.lexicon import has_person_sense, is_person_noun
from ..types import Method, SpeakerKind
from .context import Context, Resolution
from .coref import antecedents
from .table import Entry

# How far back salience looks: sentences, and earlier quotes in paragraphs.
SENTENCES_BACK = 4
PARAGRAPHS_BACK = 2


def pronoun_gender(pronoun: Token) -> str | None:
    """ "male" for he/him/his, "female" for she/her, else None."""
    word = pronoun.lower_
    return "male" if word in PRONOUNS_MALE else "female" if word in PRONOUNS_FEMALE else None


def agrees(entry: Entry, pronoun: Token) -> bool:
    word = pronoun.lower_
    wanted = pronoun_gender(pronoun)
    if wanted is not None:
        if entry.kind is SpeakerKind.UNNAMED_SOURCE:
            # "Ion's father ... he said", "The Eagles quarterback agreed. ... he said"; not a
            # thing or a body described ("a plane towed a banner", "the jury").
            return entry.gender == wanted or entry.gender is None and _describes_a_person(entry.name)
        return entry.kind is SpeakerKind.PERSON and entry.gender in {None, wanted}
    if word in PRONOUNS_PLURAL:  # also the singular "they" of an unnamed source
        return entry.kind in {SpeakerKind.ORGANISATION, SpeakerKind.GROUP, SpeakerKind.UNNAMED_SOURCE}
    if word in PRONOUNS_THING:
        # An organisation, or a document that speaks ("the joint statement said ... It also set").
        document = entry.kind is SpeakerKind.UNNAMED_SOURCE and entry.name.split()[-1].lower() in DOCUMENT_NOUNS
        return entry.kind is SpeakerKind.ORGANISATION or document
    return True  # "who": any


def _describes_a_person(description: str) -> bool:
    words = description.split(",")[0].lower().replace("'s", " ").split()
    # "the head of the agency": a noun that is a person when it says of what (descriptions.py).
    return any(
        is_person_noun(word) or has_person_sense(word) and words[i + 1 : i + 2] == ["of"]
        for i, word in enumerate(words)
    )


def resolve_pronoun(
    pronoun: Token, ctx: Context, resolve: Callable[[Token, Context], Resolution]
) -> tuple[Entry, Method, str] | None:
    """(speaker, method, evidence) for a pronoun subject, or None if nothing agrees."""
    if pronoun.lower_ in PRONOUNS_RELATIVE and pronoun.head.dep_ == "relcl":
        # "Devocht, who had told Montalvo he would ...": the relative clause's head noun.
        resolved = resolve(_relative_antecedent(pronoun), ctx.nested())
        if resolved.entry is not None:
            return resolved.entry, Method.PRONOUN_SALIENCE, "relative clause"
        return None
    agreeing = []
    for token in _salient_subjects(pronoun, ctx):
        resolved = resolve(token, ctx.nested())
        if resolved.entry is not None and agrees(resolved.entry, pronoun):
            agreeing.append((token, resolved.entry))
            if len(agreeing) == 3 or resolved.entry.kind is not SpeakerKind.UNNAMED_SOURCE and len(agreeing) == 1:
                break  # only a description first needs the ones after it
    if agreeing:
        token, entry = _named_over_described(agreeing, pronoun)
        role = {"poss": "owner", "appos": "named"}.get(token.dep_, "subject")
        return entry, Method.PRONOUN_SALIENCE, f"{role} {token.text!r}"
    paragraph = ctx.paragraph_of(pronoun.idx)
    for candidate, resolution in reversed(ctx.previous):
        if paragraph - candidate.paragraph > PARAGRAPHS_BACK:
            break
        if resolution.entry is not None and agrees(resolution.entry, pronoun):
            return resolution.entry, Method.PRONOUN_LAST_QUOTED, "last quoted"
    for antecedent in antecedents(pronoun):
        if antecedent.pos_ == "PRON":
            continue
        resolved = resolve(antecedent, ctx.nested())
        if resolved.entry is not None and agrees(resolved.entry, pronoun):
            return resolved.entry, Method.PRONOUN_COREF, f"coreferee {antecedent.text!r}"
    return None


def _named_over_described(agreeing: list[tuple[Token, Entry]], pronoun: Token) -> tuple[Token, Entry]:
    """The most salient agreeing candidate, unless it is a description of unknown gender that
    did not speak ("A sheriff's deputy had pounded on her door. '...,' she said") and a named
    person of the pronoun's gender comes next among the candidates: the named one."""
    first = agreeing[0]
    wanted = pronoun_gender(pronoun)
    described = first[1].kind is SpeakerKind.UNNAMED_SOURCE and first[1].gender is None
    if wanted is None or not described or _is_source(first[0]):
        return first  # "A senior official said the talks had stalled. '...,' he said": the one who spoke
    named = next((a for a in agreeing[1:3] if a[1].kind is SpeakerKind.PERSON), None)
    return named if named is not None and named[1].gender == wanted else first


def _relative_antecedent(pronoun: Token) -> Token:
    """The noun a relative clause is about. The parser hangs the clause on the head of a
    coordination ("Carlos Lage and minister José Balaguer, who adds ..."); the relative pronoun
    follows the conjunct it is about."""
    head = pronoun.head.head
    before = pronoun.doc[pronoun.i - 1]
    if before.is_punct and before.i > 0:
        before = before.doc[before.i - 1]
    for conjunct in (c for c in head.children if c.dep_ == "conj"):
        if conjunct.left_edge.i <= before.i <= conjunct.right_edge.i and before.pos_ in {"PROPN", "NOUN"}:
            while before.dep_ in {"compound", "flat"} and before.head.i > before.i:
                before = before.head
            return before
    return head


def _salient_subjects(pronoun: Token, ctx: Context) -> list[Token]:
    """Subjects before the pronoun, most salient first: in the pronoun's own sentence
    (nearest first), then sentence by sentence backwards, the subject of a reporting verb
    before other subjects of that sentence. Subjects inside quotes and pronouns are skipped."""
    doc = pronoun.doc
    sentence = pronoun.sent
    before = doc[sentence.start : pronoun.i]
    ordered: list[Token] = [t for t in reversed(before) if _is_subject(t, ctx)]
    ordered += [t for t in reversed(before) if _is_possessor(t, ctx)]
    start = sentence.start
    for _ in range(SENTENCES_BACK):
        if start == 0:
            break
        previous = doc[start - 1].sent
        subjects = [t for t in previous if _is_subject(t, ctx)]
        subjects.sort(key=lambda t: (not _is_source(t), t.head.dep_ != "ROOT", t.i))
        ordered.extend(subjects)
        # "Writing to seven newspapers, Naoto Kan, the prime minister, expressed ...", parsed
        # with the name in apposition to the newspapers and no subject at all; "Ortega's agent,
        # Paul Renner, called ...", parsed with "agent" as the root: the name in apposition is
        # who the phrase is, before its owner.
        ordered.extend(t for t in previous if _is_named_apposition(t, ctx))
        ordered.extend(t for t in previous if _is_possessor(t, ctx) and not _is_named_apposition(t, ctx))
        start = previous.start
    return ordered


def _is_possessor(token: Token, ctx: Context) -> bool:
    """A named owner ("Thomas' sister pleaded with him, but he replied", "echoing the Governor's
    own words, in which he told visitors"): less salient than any subject of its sentence, but
    more than the subjects of the sentences before it."""
    return token.dep_ == "poss" and token.pos_ in {"PROPN", "NOUN"} and not ctx.mask.contains(token)


def _is_named_apposition(token: Token, ctx: Context) -> bool:
    return token.dep_ == "appos" and token.ent_type_ == "PERSON" and not ctx.mask.contains(token)


def _is_source(token: Token) -> bool:
    return is_cue(token.head) or token.dep_ == "pobj"


def _is_subject(token: Token, ctx: Context) -> bool:
    """A subject, or a source named by "according to" (it is who spoke, as a subject of "said" is)."""
    if token.pos_ not in {"PROPN", "NOUN"} or ctx.mask.contains(token):
        return False
    if token.dep_ in {"nsubj", "nsubjpass"}:
        return True
    preposition = token.head
    if token.dep_ != "pobj":
        return False
    if preposition.lower_ == "to" and preposition.head.lower_ == "according":
        return True
    # "For Kevin Allton, Warhol was a legend. He said ...": a person fronted as the topic.
    return preposition.i == token.sent.start and preposition.lower_ in {"for", "to"} and token.ent_type_ == "PERSON"
