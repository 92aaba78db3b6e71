"""Frozen dataclasses that cross layers. No ORM, no Flask."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from enum import StrEnum


class QuoteKind(StrEnum):
    DIRECT = "direct"
    INDIRECT = "indirect"
    MIXED = "mixed"


class SpeakerKind(StrEnum):
    PERSON = "person"
    # The Python name is spelt as everywhere else in the code (Method.ORGANISATION,
    # attribution/organisation_kinds.py); the value keeps the spelling that is stored in
    # speakers.kind and served as the API's SpeakerKind enum, which only a migration (and a
    # version of the API) may change.
    ORGANISATION = "organization"
    GROUP = "group"  # "immigration advocates", "federal immigration officials"
    UNNAMED_SOURCE = "unnamed_source"  # "a source at ICE Boston": kept as such, never guessed


class QuoteStatus(StrEnum):
    """A stored quote's standing (quotes.status)."""

    ACCEPTED = "accepted"  # live: in look-ups, statements and cards
    REJECTED = "rejected"  # by an editor: not a quote; hidden from look-ups and cards
    SUPERSEDED = "superseded"  # a newer revision or a re-extraction replaced it: readable by id, out of look-ups


class JobStatus(StrEnum):
    """A queued ingest's progress (jobs.status): queued -> running -> done | failed."""

    QUEUED = "queued"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class Method(StrEnum):
    """How an attribution was made: the sieve that made it (provenance, as CoreNLP records
    its sieves). Values are stored; keep them within 30 characters."""

    SIGNATURE = "signature"  # "— Name (@handle) date" under an embedded post
    HANDLE = "handle"  # "@Maura_Healey said"
    COORDINATED = "coordinated"  # "X and Y said": a group of the named members
    EXPLICIT_NAME = "explicit_name"  # a full name in the cue's subject
    APPOSITION = "apposition"  # "The Chair of the party, Amy Carnevale, said"
    SURNAME = "surname"  # "Healey said", someone the article names in full
    TITLE = "title"  # "Gov. Healey said", "Mr. Toccafondi says"
    ORGANISATION = "organisation"  # "ICE said", "the Home Office said"
    ROLE = "role"  # "the governor said": the person holding that title in the article
    LEDE_DESCRIPTION = "lede_description"  # "The transport secretary has defended ...": the next person quoted
    EPITHET = "epithet"  # "the 29-year-old midfielder said": the named person the epithet describes
    OWNER = "owner"  # "Hale's campaign said" (Hale); "His office said" ("Hale's office")
    ORGANISATION_ANAPHOR = "organisation_anaphor"  # "the agency said": the organisation in focus
    DOCUMENT_ISSUER = "document_issuer"  # "a statement from the ministry said"
    PRONOUN_SALIENCE = "pronoun_salience"  # "he said": the nearest agreeing subject
    PRONOUN_LAST_QUOTED = "pronoun_last_quoted"  # "it added": the last agreeing speaker quoted
    PRONOUN_COREF = "pronoun_coref"  # coreferee's chain
    PREVIOUS_QUOTE = "previous_quote"  # a quote continued in the same paragraph
    CONTEXT_SPEECH = "context_speech"  # the paragraph's reporting clause introduced the speaker
    CONTEXT_SUBJECT = "context_subject"  # the paragraph's sentence subject before the quote
    FLOATING = "floating"  # a quoted paragraph after the previous paragraph's speaker
    DESCRIPTION = "description"  # an unnamed source or group, kept as described
    INTERVIEW = "interview"  # "Ana Ruiz: ..." in a question-and-answer interview: the label
    RANKED = "ranked"  # the candidate model chose another candidate than the sieves (attribution/ranker.py)
    UNRESOLVED = "unresolved"


@dataclass(frozen=True)
class Article:
    text: str
    outlet: str | None = None
    title: str | None = None
    url: str | None = None
    published: date | None = None
    author: str | None = None


@dataclass(frozen=True)
class Speaker:
    name: str  # canonical: "Maura Healey", "ICE", "immigration advocates"
    kind: SpeakerKind
    titles: tuple[str, ...] = ()  # "Gov.", "acting Field Office Director"
    aliases: tuple[str, ...] = ()  # "Healey", "@Maura_Healey", "Gov. Maura Healey"


@dataclass(frozen=True)
class Quote:
    start: int  # character offsets into the ORIGINAL article text,
    end: int  # of the content without its enclosing quote marks
    text: str  # == original_text[start:end]
    kind: QuoteKind
    cue: str | None  # reporting verb/phrase as written: "said", "according to"
    speaker_mention: str | None  # as written: "he", "the governor", "Patricia H. Hyde"
    speaker: Speaker | None  # resolved canonical speaker
    method: Method
    confidence: float
    sentence_start: int = 0  # the sentence(s) around the quote, original offsets
    sentence_end: int = 0
    fragments: tuple[tuple[int, int], ...] = field(default=())  # quoted fragments of a mixed quote
    evidence: str = ""  # what the attribution sieve relied on: "subject 'Heald'", "paragraph 1 back"
    # The separate remarks the quote reports (original offsets, inside start..end, in order):
    # a statement groups claims, not quotes. Empty: the whole quote is one claim.
    claims: tuple[tuple[int, int], ...] = field(default=())
    # Each claim's event frame (attribution/event_frames.py), or None; parallel to `claims`.
    events: tuple[dict | None, ...] = field(default=())
    # The organisation a spokesperson speaks for ("a Kestrel spokesman"): the speaker stays
    # the spokesperson; statements group the remark with the organisation's own.
    speaks_for: Speaker | None = None


# --- What storage hands out: stored records, never ORM objects. -------------------


@dataclass(frozen=True)
class StoredSpeaker:
    id: int
    slug: str
    name: str
    kind: str
    titles: tuple[str, ...]
    aliases: tuple[str, ...]
    quote_count: int = 0
    wikidata_id: str | None = None
    ambiguous: bool = False  # a bare surname no single archived person matched
    article_id: int | None = None  # set when the speaker belongs to one article only
    statement_count: int | None = None  # None where it was not counted


@dataclass(frozen=True)
class StoredArticle:
    id: int
    url: str | None
    outlet: str | None
    title: str | None
    author: str | None
    published: date | None
    model_versions: str
    quote_count: int | None = None  # None where it was not counted (an article nested in a quote)
    revision: int = 1  # the latest revision's number (a known URL re-posted with other text adds one)
    revisions: tuple[ArticleRevision, ...] = ()  # filled where asked for (GET /api/v1/articles/{id})
    text: str | None = None  # the latest revision's text, filled where asked for (GET /api/v1/articles/{id})


@dataclass(frozen=True)
class ArticleRevision:
    """One text an article's URL has had."""

    number: int
    text_sha256: str
    created_at: datetime
    model_versions: str
    quote_count: int  # quotes extracted from it (superseded ones included, rejected ones not)


@dataclass(frozen=True)
class StoredClaim:
    """One remark a stored quote reports, and the statement it joined."""

    id: int
    start: int  # offsets into the quote's article revision text
    end: int
    text: str
    statement_id: int | None
    relation: str | None  # to its statement's canonical wording
    similarity: float | None


@dataclass(frozen=True)
class StoredQuote:
    id: int
    article: StoredArticle
    speaker: StoredSpeaker | None
    start: int
    end: int
    text: str
    kind: str
    cue: str | None
    speaker_mention: str | None
    method: str
    confidence: float
    sentence: str
    fragments: tuple[tuple[int, int], ...] = ()
    statement_id: int | None = None  # its first claim's (a quote with several claims has several)
    relation: str | None = None  # its first claim's, to its statement's canonical wording
    similarity: float | None = None
    claims: tuple[StoredClaim, ...] = ()
    status: str = "accepted"  # "rejected" by an editor, "superseded" by a newer revision of its article
    identity: IdentityRecord | None = None  # how the speaker was identified across articles
    revision: int = 1  # the article revision it was extracted from
    speaks_for: StoredSpeaker | None = None  # the organisation a spokesperson speaks for
    latest_version: int | None = None  # a superseded quote's live successor, where read by id


@dataclass(frozen=True)
class IdentityRecord:
    """How an article's speaker became an archive speaker (see storage/identity.py)."""

    method: str
    mention: str
    evidence: dict


@dataclass(frozen=True)
class Appearance:
    """Where a wording was printed."""

    quote_id: int
    article_id: int
    outlet: str | None
    title: str | None
    url: str | None
    published: date | None


@dataclass(frozen=True)
class Wording:
    """One distinct wording of a statement (typography aside) and everywhere it appeared."""

    text: str
    kind: str
    relation: str  # to the reference wording: the canonical one, or a text being verified
    similarity: float
    diff: tuple[dict, ...]  # word-level, from the reference wording to this one
    appearances: tuple[Appearance, ...]


@dataclass(frozen=True)
class StoredStatement:
    id: int
    speaker: StoredSpeaker | None
    canonical_text: str
    first_seen: date | None
    quote_count: int
    outlet_count: int
    first_appearance: Appearance | None = None
    wordings: tuple[Wording, ...] = ()
    # Where the canonical wording itself was printed, and its kind ("direct" wordings are
    # verbatim; a statement no outlet quoted directly has a reported canonical wording).
    canonical_appearance: Appearance | None = None
    canonical_kind: str = "direct"
    relation: str | None = None  # to a verified text, in verify() answers
    similarity: float | None = None


@dataclass(frozen=True)
class Job:
    """An article queued for a worker: queued -> running -> done | failed."""

    id: str
    status: str
    article_id: int | None
    created: bool | None  # done: a new article or revision (False: the text was already stored)
    error: str | None
    attempts: int  # times a worker started it (more than 1: a worker died or the database failed)
    created_at: datetime
    updated_at: datetime
