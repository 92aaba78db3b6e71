"""SQLAlchemy 2.0 models. Reads turn them into dataclasses in mappers.py only."""

from __future__ import annotations

from datetime import UTC, date, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy import text as sql_text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# Named constraints, so migrations can refer to them on every backend.
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


# Tables whose ids are public (API paths, embedded cards): SQLite never gives one of their ids
# twice, even after the newest rows were deleted (migration 0013). PostgreSQL's sequences never do.
PUBLIC_IDS = {"sqlite_autoincrement": True}


def _now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class ArticleRow(Base):
    """An article, identified by its URL (or, without one, by its text). Its text and quotes
    are those of its latest revision; earlier texts are kept in ArticleRevisionRow."""

    __tablename__ = "articles"
    __table_args__ = (
        # One article per text among those without a URL, whatever the races (ingest catches
        # the IntegrityError and re-reads the winner). Articles with a URL are unique by URL.
        Index(
            "uq_articles_text_without_url",
            "text_sha256",
            unique=True,
            sqlite_where=sql_text("url IS NULL"),
            postgresql_where=sql_text("url IS NULL"),
        ),
        PUBLIC_IDS,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    url: Mapped[str | None] = mapped_column(String(2048), unique=True)
    text_sha256: Mapped[str] = mapped_column(String(64), index=True)
    outlet: Mapped[str | None] = mapped_column(String(200), index=True)
    title: Mapped[str | None] = mapped_column(String(500))
    author: Mapped[str | None] = mapped_column(String(200))
    published: Mapped[date | None] = mapped_column(Date, index=True)
    text: Mapped[str] = mapped_column(Text)
    model_versions: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    revision: Mapped[int] = mapped_column(Integer, default=1, server_default="1")  # the latest revision's number

    quotes: Mapped[list[QuoteRow]] = relationship(
        back_populates="article", cascade="all, delete-orphan", order_by="QuoteRow.start"
    )
    revisions: Mapped[list[ArticleRevisionRow]] = relationship(
        back_populates="article", cascade="all, delete-orphan", order_by="ArticleRevisionRow.number"
    )


class ArticleRevisionRow(Base):
    """One text an article's URL has had. Re-posting a known URL with other text adds a
    revision; the previous revision's quotes stay (status "superseded") with their offsets
    into this text."""

    __tablename__ = "article_revisions"
    __table_args__ = (UniqueConstraint("article_id", "number", name="uq_article_revisions_article_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    article_id: Mapped[int] = mapped_column(ForeignKey("articles.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    text_sha256: Mapped[str] = mapped_column(String(64))
    model_versions: Mapped[str] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    article: Mapped[ArticleRow] = relationship(back_populates="revisions")


class SpeakerRow(Base):
    __tablename__ = "speakers"
    __table_args__ = (PUBLIC_IDS,)

    id: Mapped[int] = mapped_column(primary_key=True)
    slug: Mapped[str] = mapped_column(String(200), unique=True)
    name: Mapped[str] = mapped_column(String(300))
    kind: Mapped[str] = mapped_column(String(20))
    titles: Mapped[list[str]] = mapped_column(JSON, default=list)
    # Set for a speaker that belongs to one article only (groups, unnamed sources, pronouns,
    # bare surnames that were not resolved): never shared with another article.
    article_id: Mapped[int | None] = mapped_column(ForeignKey("articles.id", ondelete="CASCADE"), index=True)
    # A bare surname that matched no single archived person: an editor should look.
    ambiguous: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    wikidata_id: Mapped[str | None] = mapped_column(String(20), unique=True)
    # An editor merged this speaker into another; kept so its slug still resolves.
    merged_into_id: Mapped[int | None] = mapped_column(ForeignKey("speakers.id", ondelete="SET NULL"), index=True)

    aliases: Mapped[list[SpeakerAliasRow]] = relationship(
        back_populates="speaker", cascade="all, delete-orphan", order_by="SpeakerAliasRow.alias"
    )
    keys: Mapped[list[SpeakerKeyRow]] = relationship(back_populates="speaker", cascade="all, delete-orphan")
    quotes: Mapped[list[QuoteRow]] = relationship(back_populates="speaker", foreign_keys="QuoteRow.speaker_id")
    merged_into: Mapped[SpeakerRow | None] = relationship(remote_side=[id])


class SpeakerKeyRow(Base):
    """The identity keys that lead ingestion to a speaker: "person:barack|obama",
    "organization:ice", "local:12:group:officials". A key belongs to at most one speaker,
    so two concurrent ingests cannot create the same person twice."""

    __tablename__ = "speaker_keys"

    key: Mapped[str] = mapped_column(String(400), primary_key=True)
    speaker_id: Mapped[int] = mapped_column(ForeignKey("speakers.id", ondelete="CASCADE"), index=True)

    speaker: Mapped[SpeakerRow] = relationship(back_populates="keys")


class SpeakerAliasRow(Base):
    __tablename__ = "speaker_aliases"
    __table_args__ = (UniqueConstraint("speaker_id", "folded", name="uq_speaker_aliases_speaker_folded"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    speaker_id: Mapped[int] = mapped_column(ForeignKey("speakers.id", ondelete="CASCADE"), index=True)
    alias: Mapped[str] = mapped_column(String(300))
    folded: Mapped[str] = mapped_column(String(300), index=True)

    speaker: Mapped[SpeakerRow] = relationship(back_populates="aliases")


class QuoteRow(Base):
    __tablename__ = "quotes"
    __table_args__ = (
        UniqueConstraint("article_id", "revision", "start", "end", name="uq_quotes_article_revision_span"),
        Index("ix_quotes_speaker_kind", "speaker_id", "kind"),
        PUBLIC_IDS,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    article_id: Mapped[int] = mapped_column(ForeignKey("articles.id", ondelete="CASCADE"), index=True)
    revision: Mapped[int] = mapped_column(Integer, default=1, server_default="1")  # the article revision quoted
    speaker_id: Mapped[int | None] = mapped_column(ForeignKey("speakers.id", ondelete="SET NULL"))
    # The organisation a spokesperson speaks for ("a Kestrel spokesman"): its claims link into
    # statements under it (statements/linking.py). Cleared when an editor names the speaker.
    speaks_for_id: Mapped[int | None] = mapped_column(ForeignKey("speakers.id", ondelete="SET NULL"), index=True)
    start: Mapped[int] = mapped_column(Integer)
    end: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    folded: Mapped[str] = mapped_column(Text)  # lowercase letters/digits, for search
    kind: Mapped[str] = mapped_column(String(10))
    cue: Mapped[str | None] = mapped_column(String(100))
    speaker_mention: Mapped[str | None] = mapped_column(String(300))
    method: Mapped[str] = mapped_column(String(30))
    confidence: Mapped[float] = mapped_column(Float)
    sentence_start: Mapped[int] = mapped_column(Integer)
    sentence_end: Mapped[int] = mapped_column(Integer)
    fragments: Mapped[list[list[int]]] = mapped_column(JSON, default=list)
    # "accepted", "rejected" by an editor (not a quote: hidden from look-ups and cards), or
    # "superseded" (its article has a newer revision: out of look-ups and statements, but kept
    # and readable by id, so embedded cards keep working).
    status: Mapped[str] = mapped_column(String(10), default="accepted", server_default="accepted")
    identity_decision_id: Mapped[int | None] = mapped_column(
        ForeignKey("identity_decisions.id", ondelete="SET NULL"), index=True
    )

    article: Mapped[ArticleRow] = relationship(back_populates="quotes")
    speaker: Mapped[SpeakerRow | None] = relationship(back_populates="quotes", foreign_keys=[speaker_id])
    speaks_for: Mapped[SpeakerRow | None] = relationship(foreign_keys=[speaks_for_id])
    claims: Mapped[list[ClaimRow]] = relationship(
        back_populates="quote", cascade="all, delete-orphan", passive_deletes=True, order_by="ClaimRow.ordinal"
    )
    identity_decision: Mapped[IdentityDecisionRow | None] = relationship()


class ClaimRow(Base):
    """One remark a quote reports: a quote may report several ("would use every tool in the
    toolbox ... and the state police will absolutely not assist"). Statements group claims,
    so each remark of a quote can join the statement of that remark.

    Statement linking (see quotetrack/statements/linking.py) keeps each claim's strongest neighbour
    and how its wording relates to its statement's canonical wording. `speaker_id` and
    `article_id` repeat the quote's, so candidate look-ups need no join."""

    __tablename__ = "claims"
    __table_args__ = (
        UniqueConstraint("quote_id", "ordinal", name="uq_claims_quote_ordinal"),
        Index("ix_claims_speaker_id_id", "speaker_id", "id"),
        # Partial: most claims link nowhere, and statistics gathered while none did (an ANALYZE
        # on a young archive) made SQLite read every claim for a look-up by best link instead
        # of this index (365 ms against 0.8 at a million claims). Over the linked claims only,
        # the index stays the plan (migration 0010).
        Index(
            "ix_claims_best_link_id",
            "best_link_id",
            sqlite_where=sql_text("best_link_id IS NOT NULL"),
            postgresql_where=sql_text("best_link_id IS NOT NULL"),
        ),
        PUBLIC_IDS,
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    quote_id: Mapped[int] = mapped_column(ForeignKey("quotes.id", ondelete="CASCADE"), index=True)
    article_id: Mapped[int] = mapped_column(ForeignKey("articles.id", ondelete="CASCADE"), index=True)
    speaker_id: Mapped[int | None] = mapped_column(ForeignKey("speakers.id", ondelete="SET NULL"))
    ordinal: Mapped[int] = mapped_column(Integer)  # 0, 1, ... in the quote
    start: Mapped[int] = mapped_column(Integer)  # offsets into the quote's article revision text
    end: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    folded: Mapped[str] = mapped_column(Text)  # lowercase letters/digits, for search
    statement_id: Mapped[int | None] = mapped_column(ForeignKey("statements.id", ondelete="SET NULL"), index=True)
    best_link_id: Mapped[int | None] = mapped_column(ForeignKey("claims.id", ondelete="SET NULL"))
    best_link_rank: Mapped[float] = mapped_column(Float, default=0.0, server_default="0")
    relation: Mapped[str | None] = mapped_column(String(12))
    similarity: Mapped[float | None] = mapped_column(Float)
    # The claim's event frame (predicate and arguments by reference, attribution/event_frames.py),
    # read by statement linking; None when the claim has none or predates migration 0007.
    event: Mapped[dict | None] = mapped_column(JSON, nullable=True)

    quote: Mapped[QuoteRow] = relationship(back_populates="claims")
    statement: Mapped[StatementRow | None] = relationship(back_populates="claims", foreign_keys=[statement_id])
    best_link: Mapped[ClaimRow | None] = relationship(remote_side=[id], foreign_keys=[best_link_id], post_update=True)
    shingles: Mapped[list[ClaimShingleRow]] = relationship(cascade="all, delete-orphan", passive_deletes=True)


class StatementRow(Base):
    """One remark of one speaker, as every outlet worded it: a group of claims."""

    __tablename__ = "statements"
    __table_args__ = (PUBLIC_IDS,)

    id: Mapped[int] = mapped_column(primary_key=True)
    speaker_id: Mapped[int | None] = mapped_column(ForeignKey("speakers.id", ondelete="SET NULL"), index=True)
    # The quote holding the canonical claim (cards link to it) and the claim itself.
    canonical_quote_id: Mapped[int | None] = mapped_column(ForeignKey("quotes.id", ondelete="SET NULL", use_alter=True))
    canonical_claim_id: Mapped[int | None] = mapped_column(ForeignKey("claims.id", ondelete="SET NULL", use_alter=True))
    canonical_text: Mapped[str] = mapped_column(Text)
    first_seen: Mapped[date | None] = mapped_column(Date, index=True)
    quote_count: Mapped[int] = mapped_column(Integer, default=0)  # distinct quotes its claims come from
    outlet_count: Mapped[int] = mapped_column(Integer, default=0, index=True)

    claims: Mapped[list[ClaimRow]] = relationship(back_populates="statement", foreign_keys="ClaimRow.statement_id")
    speaker: Mapped[SpeakerRow | None] = relationship()


class ClaimShingleRow(Base):
    """Inverted index of word 3-gram hashes: candidate retrieval without scanning claims."""

    __tablename__ = "claim_shingles"
    # Covering: a look-up by shingle (and speaker) reads claim ids from the index alone.
    __table_args__ = (Index("ix_claim_shingles_shingle", "shingle", "speaker_id", "claim_id"),)

    claim_id: Mapped[int] = mapped_column(ForeignKey("claims.id", ondelete="CASCADE"), primary_key=True)
    shingle: Mapped[int] = mapped_column(BigInteger, primary_key=True)
    speaker_id: Mapped[int | None] = mapped_column(Integer)


class IdentityDecisionRow(Base):
    """How one article's speaker mention became an archive speaker: the method and the
    evidence (key, candidates, reason), so a decision can be explained and undone."""

    __tablename__ = "identity_decisions"

    id: Mapped[int] = mapped_column(primary_key=True)
    article_id: Mapped[int] = mapped_column(ForeignKey("articles.id", ondelete="CASCADE"), index=True)
    speaker_id: Mapped[int | None] = mapped_column(ForeignKey("speakers.id", ondelete="SET NULL"), index=True)
    mention: Mapped[str] = mapped_column(String(300))  # the article's canonical name for the speaker
    kind: Mapped[str] = mapped_column(String(20))
    method: Mapped[str] = mapped_column(String(30))
    evidence: Mapped[dict] = mapped_column(JSON, default=dict)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # The bare surname a decision looked up in the archive ("merkel"), which later ingests
    # revisit (storage/surname_joins.py, migration 0014); None for every other decision.
    surname: Mapped[str | None] = mapped_column(String(300), index=True)

    speaker: Mapped[SpeakerRow | None] = relationship()


class QuoteOverrideRow(Base):
    """An editor's correction of one quote, keyed by article and quote span so that it is
    applied again whenever the article is re-ingested or re-extracted."""

    __tablename__ = "quote_overrides"
    __table_args__ = (UniqueConstraint("article_id", "start", "end", name="uq_quote_overrides_article_span"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    article_id: Mapped[int] = mapped_column(ForeignKey("articles.id", ondelete="CASCADE"), index=True)
    start: Mapped[int] = mapped_column(Integer)
    end: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)  # to find the quote again when the article's text changed
    speaker_id: Mapped[int | None] = mapped_column(ForeignKey("speakers.id", ondelete="SET NULL"), index=True)
    status: Mapped[str | None] = mapped_column(String(10))
    key_name: Mapped[str] = mapped_column(String(100))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)


class AuditRow(Base):
    """One editorial correction: who (API key name), when, what it was before and after."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)
    key_name: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(40))
    target: Mapped[str] = mapped_column(String(60), index=True)  # "quote:12", "speaker:3"
    before: Mapped[dict] = mapped_column(JSON, default=dict)
    after: Mapped[dict] = mapped_column(JSON, default=dict)


class ApiKeyRow(Base):
    """An API key for writes. Only the SHA-256 of the key is stored: keys are random and
    long, so a plain hash is enough (no slow KDF needed), and a leaked table reveals none."""

    __tablename__ = "api_keys"
    __table_args__ = (
        # One active key per name; revoked keys keep their name for the record.
        Index(
            "uq_api_keys_active_name",
            "name",
            unique=True,
            sqlite_where=sql_text("revoked_at IS NULL"),
            postgresql_where=sql_text("revoked_at IS NULL"),
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    prefix: Mapped[str] = mapped_column(String(12))  # shown in listings to tell keys apart
    key_sha256: Mapped[str] = mapped_column(String(64), unique=True)
    scopes: Mapped[str] = mapped_column(String(200))  # comma-separated: "ingest,curate"
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    revoked_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class JobRow(Base):
    """An article queued for a worker (BROKER_URL set): its status for GET /api/v1/jobs/{id}.
    The article travels here, not in the broker message, so a redelivered job reads it again."""

    __tablename__ = "jobs"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)  # random hex; also the Celery task id
    status: Mapped[str] = mapped_column(String(10), default="queued", index=True)  # queued running done failed
    payload: Mapped[dict] = mapped_column(JSON)
    article_id: Mapped[int | None] = mapped_column(ForeignKey("articles.id", ondelete="SET NULL"))
    created: Mapped[bool | None] = mapped_column(Boolean)  # a new article or revision, not a stored copy
    error: Mapped[str | None] = mapped_column(Text)
    attempts: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)


class SlugCounterRow(Base):
    """A speaker slug handed out, with the last number drawn for its namesakes (migration 0012,
    storage/identity.py `unique_slug`): "officials" at 18 means officials, officials-2 ...
    officials-18 are taken or were. Never lowered, never deleted: no slug is handed out twice."""

    __tablename__ = "slug_counters"

    base: Mapped[str] = mapped_column(String(200), primary_key=True)
    last: Mapped[int] = mapped_column(Integer)
