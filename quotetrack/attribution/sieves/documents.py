"""The sieve for documents: a statement, a letter or a report speaks as its issuer when the
article names one, else as itself."""

from __future__ import annotations

from spacy.tokens import Token

from ...extraction.cues import (
    DOCUMENT_NOUNS,
    ORGANISATION_NOUNS,
)
from ...extraction.syntax import noun_phrase
from ...types import Method, SpeakerKind
from ..context import Context, Resolution
from ..descriptions import (
    described_words,
    is_bare_definite,
    strip_determiner,
)
from ..table import Entry

# Documents that are someone's act of speech, unlike a report or a study with authors of its own.
SPEECH_ACT_NOUNS = frozenset({"announcement", "statement", "release", "post", "tweet", "letter", "email", "memo"})


# How far back a document named again ("the statement") is looked for, in paragraphs.
DOCUMENT_PARAGRAPHS_BACK = 3


def document_issuer(head: Token, ctx: Context) -> Resolution | None:
    """ "a statement from the ministry", "a summary released by the union": the issuer
    speaks. Reports with no issuer in sight ("Early reports said", "the report found") are
    the source as written; "a report" alone is nobody's and not a speaker."""
    lemma = head.lemma_.lower()
    figures = lemma == "figure" and head.tag_ == "NNS"
    if lemma not in DOCUMENT_NOUNS and not figures:
        return None
    issuer = _issuer(head)
    if lemma not in DOCUMENT_NOUNS and issuer is None:
        return None  # "figures from the statistics office" are a document; "party figures" are people
    phrase = noun_phrase(head)
    mention = phrase.text
    definite = is_bare_definite(phrase, head)
    joint = any(c.dep_ == "amod" and c.lower_ in {"joint", "common", "shared"} for c in head.children)
    if issuer is not None and ctx.depth <= 1 and not joint:
        # "a statement from the ministry": the ministry. Not "a joint statement by Kenya and
        # Uganda": several parties issued it and none speaks alone (below).
        resolved = ctx.resolve_nested(issuer)
        if resolved.entry is not None:
            return Resolution(resolved.entry, mention, Method.DOCUMENT_ISSUER, issuer.text)
    if definite:
        # "According to the statement, ... Per the statement, ...": the same document again,
        # with the issuer found the first time (an image caption may stand between).
        for earlier, resolution in reversed(ctx.previous):
            if ctx.paragraph_of(head.idx) - earlier.paragraph > DOCUMENT_PARAGRAPHS_BACK:
                break
            if resolution.entry is not None and (resolution.mention or "").lower() == mention.lower():
                return Resolution(resolution.entry, mention, Method.DOCUMENT_ISSUER, f"{mention} again")
    if lemma in SPEECH_ACT_NOUNS and not joint and definite and ctx.previous:
        # "Federal officials said they detained X. The announcement said ...": the
        # announcement is the one just reported, by the speaker just quoted. Not a joint
        # statement: nobody quoted alone issued it.
        last, resolution = ctx.previous[-1]
        if resolution.entry is not None and ctx.paragraph_of(head.idx) - last.paragraph <= 1:
            return Resolution(resolution.entry, mention, Method.DOCUMENT_ISSUER, "the speaker just quoted")
    # As written with where it came from ("Reports from the islands"): the ranker may keep it.
    written = described_words(head, phrase, with_clauses=False)
    if joint:
        # "the joint statement said": several parties issued it and none speaks alone; the
        # statement is the source, and "It also set a target: ..." may refer back to it.
        entry = Entry(strip_determiner(written), SpeakerKind.UNNAMED_SOURCE)
        return Resolution(entry, written, Method.DESCRIPTION, "a joint document")
    plural = head.tag_ == "NNS"
    if plural or definite:
        # "Early reports said ...", "Reports from the islands say ...", "The report found ...":
        # a document nobody is named for is the source as written, as a crowd is (the gold
        # sets' convention too); only "a report" alone, nobody's and no particular one, is not.
        kind = SpeakerKind.GROUP if plural else SpeakerKind.UNNAMED_SOURCE
        entry = Entry(strip_determiner(written), kind)
        return Resolution(entry, written, Method.DESCRIPTION, "a document with no issuer named")
    if lemma in SPEECH_ACT_NOUNS and ctx.depth <= 1 and (subject := _subject_reported(head)) is not None:
        # "The group now expects profit of £410mn, according to a statement": a statement with
        # no issuer named, about what an organisation of the article does, is that organisation's.
        resolved = ctx.resolve_nested(subject)
        if resolved.entry is not None and resolved.entry.kind is SpeakerKind.ORGANISATION:
            return Resolution(resolved.entry, mention, Method.DOCUMENT_ISSUER, f"{subject.text}, what it is about")
    return Resolution(None, written, Method.UNRESOLVED, "a document with no issuer")


def _subject_reported(document: Token) -> Token | None:
    """The subject of the clause "according to <document>" hangs on ("The group now expects
    ..., according to a statement" -> "group"), if the document is the object of that phrase."""
    to = document.head
    according = to.head
    if document.dep_ != "pobj" or to.lower_ != "to" or according.lower_ != "according":
        return None
    verb = according.head
    return next((c for c in verb.children if c.dep_ in {"nsubj", "nsubjpass"} and c.i < according.i), None)


def _a_speech_act(head: Token) -> bool:
    return head.tag_ == "NN" and head.lemma_.lower() in SPEECH_ACT_NOUNS


def _issuer(head: Token) -> Token | None:
    """Who issued a document: "released by X", "from X", "X's statement"."""
    for child in head.children:
        if child.dep_ == "compound" and child.pos_ == "PROPN":  # "the Home Office letter"
            return child
        if child.dep_ == "compound" and child.lemma_.lower() in ORGANISATION_NOUNS and _a_speech_act(head):
            # "a council statement" is the council speaking; "a city report" and "court
            # documents" are documents, the source as written (the gold sets' convention).
            return child
        if child.dep_ == "prep" and child.lower_ in {"from", "by", "of"}:
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            # "from the ministry", "from the Attorney General's office"; not "a letter from home"
            body = pobj is not None and (
                pobj.lemma_.lower() in ORGANISATION_NOUNS or any(g.dep_ == "poss" for g in pobj.children)
            )
            if pobj is not None and (pobj.pos_ == "PROPN" or pobj.ent_type_ or child.lower_ == "by" or body):
                return pobj
        if child.dep_ == "prep" and child.lower_ == "in":
            # "a report in The Economic Times": the paper that printed it, when it is a name
            # (not "a report in March", "a letter in English").
            pobj = next((g for g in child.children if g.dep_ == "pobj"), None)
            if pobj is not None and pobj.pos_ == "PROPN" and pobj.ent_type_ in {"ORG", "WORK_OF_ART", ""}:
                return pobj
        if child.dep_ == "acl":
            for agent in child.children:
                if agent.dep_ == "agent":
                    return next((g for g in agent.children if g.dep_ == "pobj"), None)
    return None
