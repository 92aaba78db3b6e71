"""The words of a description that say who spoke: "a source at ICE Boston", "people familiar
with the matter", "a doctor who used to treat a local arms dealer"; not when or how the words
were said ("in a statement on Monday"), nor why the source is not named ("who spoke on condition
of anonymity"), nor an aside on its place ("a worker at Maple Crest, who asked not to be named")."""

from __future__ import annotations

import re

from spacy.tokens import Span, Token


def _opens_an_adverbial(token: Token) -> bool:
    """ "because ...", "when ...": not "that her name be withheld", the object of "asked"."""
    return token.dep_ == "advcl" or token.dep_ == "mark" and token.head.dep_ == "advcl"


# Clauses that say why a source is not named, which describe nobody.
_ANONYMITY = re.compile(
    r"\b(?:anonymity|anonymously|not to be (?:named|identified)|declined to be (?:named|identified)"
    r"|declined to give (?:his|her|their) (?:full |last |first )?names?|not authori[sz]ed to (?:speak|comment)"
    r"|(?:gave|give|giving|provided) only (?:his|her|their) (?:first|last|given) names?)\b",
    re.I,
)


def described_words(head: Token, phrase: Span, with_clauses: bool) -> str:
    """The description with its place or affiliation ("a source at ICE Boston"); for an
    unnamed source its clauses too ("a doctor who used to treat a local arms dealer"), but not
    one that only says why the source is unnamed ("speaking on condition of anonymity")."""
    doc = head.doc
    end = head.i + 1
    for child in head.rights:
        if child.dep_ == "prep" and _says_how(child):
            break  # "the office of the President in a statement on Monday": how, not who
        when = _when_starts(child)
        if when is not None:
            # "posts on the board from Friday", "an Internet posting made 24 hours ago",
            # "results of the study published in the journal this week": when, not who.
            end = max(end, when)
            break
        if child.dep_ == "prep" and child.lower_ in {"at", "in", "from", "for", "with", "of", "on", "to", "within"}:
            end = _before_an_aside(child)
        elif child.dep_ == "amod" and child.i > head.i and any(c.dep_ == "prep" for c in child.children):
            # "people familiar with the matter", "officials close to the talks": who they are
            end = child.right_edge.i + 1
        elif with_clauses and child.dep_ in {"relcl", "acl"}:
            if _ANONYMITY.search(doc[child.left_edge.i : child.right_edge.i + 1].text):
                break  # "speaking on condition of anonymity", "who asked not to be named": why no name, not who
            # "who used to treat a local arms dealer", without its own "because ..." clause
            clause_end = child.right_edge.i + 1
            cut = next((t.i for t in child.subtree if _opens_an_adverbial(t) and t.i > child.i), None)
            end = cut if cut is not None else clause_end
        elif child.dep_ != "punct":
            break
    dropped = _described_names(doc[phrase.start : end])
    words = "".join(t.text_with_ws for t in doc[phrase.start : end] if t.i not in dropped)
    return re.sub(r"[“”\"]", "", words).strip(" ,")


def _before_an_aside(prep: Token) -> int:
    """Where a place or affiliation ends: before a clause set off by a comma that the parser hung
    on its noun ("a worker at Maple Crest, who asked not to be named ...", "a diplomat in
    Arvenne, who spoke on condition of anonymity"): an aside about the source, not who it is."""
    end = prep.right_edge.i + 1
    for token in prep.subtree:
        if token.dep_ in {"relcl", "acl"} and token.left_edge.i > prep.i:
            before = token.left_edge.i - 1
            if token.doc[before].text == ",":
                end = min(end, before)
    return end


def _described_names(span: Span) -> set[int]:
    """The words that only describe a name the description holds: "the Scientology-critic site"
    of "for the Scientology-critic site Operation Clambake", which is "for Operation Clambake"."""
    dropped: set[int] = set()
    for token in span:
        if token.dep_ == "pobj" and token.pos_ == "NOUN" and token.doc[token.left_edge.i].lower_ == "the":
            # The parser's other reading: "the watchdog site" with "Operation Clearwater" in apposition.
            appos = next((c for c in token.children if c.dep_ == "appos" and c.left_edge.i == token.i + 1), None)
            words = token.doc[token.i + 1 : appos.i + 1] if appos is not None else None
            if words is not None and len(words) >= 2 and all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in words):
                dropped.update(range(token.left_edge.i, token.i + 1))
            continue
        if token.dep_ != "pobj" or token.pos_ != "PROPN" or token.i == span.root.i:
            continue
        before = list(token.doc[token.left_edge.i : token.i])
        nouns = [t for t in before if t.pos_ == "NOUN" and t.dep_ == "compound" and t.head.i == token.i]
        if not before or before[0].lower_ != "the" or not nouns:
            continue
        cut = nouns[-1].i + 1
        proper = token.doc[cut : token.i + 1]
        if len(proper) >= 2 and all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in proper):
            dropped.update(range(before[0].i, cut))
    return dropped


_TIME_ENTITIES = frozenset({"DATE", "TIME"})


def _when_starts(child: Token) -> int | None:
    """Where, in a dependent after a description's head, the words that only say when begin:
    a preposition of a noun with a date for its object ("from Friday"), or a participle clause
    with a date or "ago" in it ("made just over 24 hours ago", "published ... this week")."""
    cuts = []
    for token in child.subtree:
        if token.dep_ == "prep" and token.head.pos_ in {"NOUN", "PROPN"}:
            pobj = next((g for g in token.children if g.dep_ == "pobj"), None)
            if pobj is not None and pobj.ent_type_ in _TIME_ENTITIES:
                cuts.append(token.i)
        elif token.dep_ == "acl" and token.tag_ in {"VBN", "VBG"}:
            if any(t.ent_type_ in _TIME_ENTITIES or t.lower_ == "ago" for t in token.subtree):
                cuts.append(token.left_edge.i)
    return min(cuts) if cuts else None


# Where words were said, not who said them: "in a statement", "at a press conference".
_OCCASION_NOUNS = frozenset("statement interview release letter email post tweet conference briefing speech".split())


def _says_how(preposition: Token) -> bool:
    return any(o.dep_ == "pobj" and o.lemma_.lower() in _OCCASION_NOUNS for o in preposition.children)
