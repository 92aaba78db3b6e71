"""People NER left without a label (issue #41 item 10): "Daniel Okafor, a lawyer for Ana Ruiz,
said ... Ruiz, 34, said she was innocent", where the small model tags neither "Ana Ruiz" nor
"Ruiz". A known first name and a capitalised surname, unlabelled, whose surname the article
also writes alone as a name, or that are the subject of a reporting verb ("Mario Rossi said"),
are a person: news names people so, organisations not."""

from __future__ import annotations

from collections.abc import Iterator

from spacy.tokens import Doc, Span, Token

from ..extraction.syntax import QuoteMask, is_cue
from ..normalization.lexicon import is_person_noun
from .gender import first_name_gender
from .mentions import named_alone_elsewhere
from .names import is_role_word, looks_like_full_name


def unlabelled_people(doc: Doc, mask: QuoteMask) -> Iterator[Span]:
    """Spans of two or three unlabelled proper nouns that name a person, outside quotes."""
    run: list[Token] = []
    tokens: list[Token | None] = [*doc, None]
    for token in tokens:
        if token is not None and _unlabelled_name_word(token) and not mask.contains(token):
            run.append(token)
            continue
        if 2 <= len(run) <= 3 and _a_person(run):
            yield doc[run[0].i : run[-1].i + 1]
        run = []


def _unlabelled_name_word(token: Token) -> bool:
    return token.pos_ == "PROPN" and token.text[:1].isupper() and token.text.isalpha() and not token.ent_type_


def _a_person(run: list[Token]) -> bool:
    first, last = run[0], run[-1]
    # "Mario Rossi said ...", untagged: a given name and a surname that speak are a person,
    # at a sentence's start too (where a capital says nothing, and "Mario" still does).
    speaks = last.dep_ == "nsubj" and is_cue(last.head)
    return (not first.is_sent_start or speaks) and _a_name(run) and (named_alone_elsewhere(last) or speaks)


def appositive_people(doc: Doc, mask: QuoteMask) -> Iterator[Span]:
    """ "The club's president, Ana Costa, said": a first name and a surname in apposition to a
    noun that names a person are a person, whatever label NER gave them (the small model calls
    "Costa" an organisation and leaves "Ana" out)."""
    for token in doc:
        if token.dep_ != "appos" or token.pos_ != "PROPN" or mask.contains(token):
            continue
        head = token.head
        if head.pos_ != "NOUN" or not (is_person_noun(head.lemma_.lower()) or is_role_word(head.text)):
            continue
        words = [c for c in token.lefts if c.dep_ in {"compound", "flat"} and c.pos_ == "PROPN"] + [token]
        if not 2 <= len(words) <= 3 or words[-1].i - words[0].i != len(words) - 1:
            continue
        if all(t.ent_type_ == "PERSON" for t in words):
            continue  # NER read it whole: the table has it already
        if _a_name(words):
            yield doc[words[0].i : words[-1].i + 1]


def _a_name(words: list[Token]) -> bool:
    """A given name the name data knows, then capitalised name words (names.looks_like_full_name)."""
    return first_name_gender(words[0].text) is not None and looks_like_full_name([t.text for t in words])
