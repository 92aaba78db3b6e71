"""The sieve that reads an epithet: "the 29-year-old midfielder said", "the soft-spoken
Brazilian added", "said the 41-year-old". News names a person once and then describes them
by what they are (an age, a nationality, a manner) rather than repeating the name; such a
description only characterises, so it refers back to a person the article has named.

What makes a definite description an epithet here: an age in years, a nationality, or a
hyphenated characterising adjective ("soft-spoken", "silver-haired"). A role alone ("the
minister", "the head of the union") is the role sieve's; a description tied to a body ("the
club's sporting director") or introduced before as an unnamed person ("a 29-year-old man was
arrested ... the 29-year-old said") is never an epithet.

Which person: the one the article gives that age, if one is; else the person named or quoted
last before it (within the paragraph before), skipping anyone the article gives another age
or a gender the noun contradicts. Occupations were tried as a third check ("the midfielder" is
not the person titled "sporting director") and dropped: the titles the table keeps include
relations ("her neighbour"), which excluded the very person described."""

from __future__ import annotations

from spacy.tokens import Token

from ...extraction.syntax import token_starts
from ...normalization.lexicon import is_person_noun
from ...types import Method, SpeakerKind
from ..context import Context, Resolution
from ..descriptions import determiner_of, noun_gender
from ..table import Entry

# How far back, in paragraphs, the person an epithet describes must have been named or quoted.
EPITHET_REACH = 1


def epithet(head: Token, ctx: Context) -> Resolution | None:
    """ "The 29-year-old midfielder said": the person the article named that the epithet describes."""
    if ctx.depth != 0 or determiner_of(head) != "the" or head.tag_ in {"NNS", "NNPS"}:
        return None
    if any(c.dep_ in {"poss", "prep"} for c in head.children):
        return None  # "the club's sporting director", "the head of the union": a body's person
    if any(c.dep_ == "det" and c.text == "The" and not c.is_sent_start for c in head.children):
        return None  # "according to The Australian": a capital article inside a sentence names a title
    age = age_given(head)
    if age is None and not _characterised(head):
        return None
    if age is not None and _introduced_unnamed(head, age):
        return None
    person = _described(head, age, ctx)
    if person is None:
        return None
    mention = head.doc[head.left_edge.i : head.i + 1].text
    return Resolution(person, mention, Method.EPITHET, mention)


def age_given(head: Token) -> int | None:
    """The age in years a description gives: "the 29-year-old midfielder" and "the 41-year-old"
    (the parser makes "old" the head) give 29 and 41."""
    olds = [head] if head.lower_ == "old" else [c for c in head.children if c.dep_ == "amod" and c.lower_ == "old"]
    for old in olds:
        for year in (c for c in old.children if c.lower_ in {"year", "years"}):
            number = next((n for n in year.children if n.like_num), None)
            if number is not None and number.text.isdigit():
                return int(number.text)
    return None


def _characterised(head: Token) -> bool:
    """A nationality ("the Brazilian", "the Nigerian international") or a hyphenated adjective
    of manner or looks ("the soft-spoken engineer") on a noun that names a person."""
    if head.ent_type_ == "NORP" and head.pos_ == "PROPN":
        return True
    if head.pos_ != "NOUN" or not is_person_noun(head.lemma_.lower()):
        return False
    for child in head.children:
        if child.dep_ == "amod" and child.ent_type_ == "NORP":
            return True
        hyphenated = any(g.tag_ == "HYPH" for g in child.children)
        if child.dep_ == "amod" and hyphenated:
            return True
    return False


def _introduced_unnamed(head: Token, age: int) -> bool:
    """ "A 29-year-old man was arrested ... the 29-year-old said": the article introduced an
    unnamed person of that age; the epithet is theirs, not a named person's."""
    for token in head.doc[: head.i]:
        if token.lower_ == "old" and age_given(token) == age:
            described = token.head if token.dep_ == "amod" else token
            if determiner_of(described) in {"a", "an"}:
                return True
    return False


def _described(head: Token, age: int | None, ctx: Context) -> Entry | None:
    people = [e for e in ctx.table.unique_people() if e.kind is SpeakerKind.PERSON]
    if age is not None:
        aged = [e for e in people if age in ages_of(e, head.doc)]
        if len(aged) == 1:
            return aged[0]
    here = ctx.paragraph_of(head.idx)
    recent: list[tuple[int, Entry]] = []
    for entry in people:
        last = entry.mentioned_before(head.idx)
        if last is not None and here - ctx.paragraph_of(last) <= EPITHET_REACH:
            recent.append((last, entry))
    for candidate, resolution in ctx.previous:
        quoted = resolution.entry
        if quoted is not None and quoted.kind is SpeakerKind.PERSON and here - candidate.paragraph <= EPITHET_REACH:
            recent.append((candidate.start, quoted))
    return next((person for _, person in sorted(recent, key=lambda pair: -pair[0]) if _fits(person, head, age)), None)


def _fits(entry: Entry, head: Token, age: int | None) -> bool:
    """Nothing the article says of `entry` contradicts the epithet: another age, another gender."""
    if age is not None and (ages := ages_of(entry, head.doc)) and age not in ages:
        return False
    gender = noun_gender(head.lemma_.lower())
    return gender is None or entry.gender is None or gender == entry.gender


def ages_of(entry: Entry, doc) -> set[int]:
    """The ages the article gives a person at their mentions: "Ruiz, 34, said", "34-year-old Ana Ruiz"."""
    ages: set[int] = set()
    by_start = token_starts(doc)
    for position in entry.positions:
        token = by_start.get(position)
        if token is None:
            continue
        end = token
        while end.i + 1 < len(doc) and doc[end.i + 1].ent_type_ == "PERSON" and doc[end.i + 1].ent_iob_ == "I":
            end = doc[end.i + 1]
        after = doc[end.i + 1 : end.i + 4]
        if len(after) == 3 and after[0].text == "," and after[1].text.isdigit() and after[2].text in {",", ")", "."}:
            ages.add(int(after[1].text))
        if token.i >= 1 and doc[token.i - 1].lower_ == "old":
            found = age_given(doc[token.i - 1])
            if found is not None:
                ages.add(found)
    return ages
