"""Claim reads and writes for statement linking: the SQL statements/linking.py runs, nothing else.

Linking decides (statements/choice.py on plain data, statements/relation.py on the claims); this
module finds the claims it weighs (a voice's recent claims, the accepted claims among candidate
ids, the rivals in two articles), keeps the shingle index, and reads and writes what grouping
needs (the claims linked to a set of claims, the statements they are in). No decision is made
here: what to link and how to group is the caller's.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import date

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session, contains_eager, selectinload

from ..types import QuoteStatus
from .models import ArticleRow, ClaimRow, ClaimShingleRow, QuoteRow, StatementRow


@dataclass(frozen=True)
class StoredClaim:
    """A stored claim as relating reads it (statements/relation.py): its wording, the kind of
    its quote and the quoted fragments of a mixed quote that lie in it, its quote, article and
    the article's date, its event frame. Plain data: two of these relate without a database."""

    id: int
    quote_id: int
    article_id: int
    speaker_id: int | None
    text: str
    kind: str
    fragments: tuple[str, ...] = ()
    published: date | None = None
    event: dict | None = None


def quote_fragments(quote: QuoteRow, start: int = 0, end: int | None = None) -> tuple[str, ...]:
    """The quoted fragments of a mixed quote (those within start..end); the article text is
    read only when there are some."""
    inside = [(s, e) for s, e in quote.fragments or () if start <= s and (end is None or e <= end)]
    if not inside:
        return ()
    text = quote.article.text
    return tuple(text[s:e] for s, e in inside)


def to_claim(row: ClaimRow) -> StoredClaim:
    """The claim as relating reads it. The article's date is read with a default: whatever
    stands for an article without a date (tests' stand-ins) is undated."""
    quote = row.quote
    return StoredClaim(
        id=row.id,
        quote_id=row.quote_id,
        article_id=row.article_id,
        speaker_id=getattr(row, "speaker_id", None),
        text=row.text,
        kind=quote.kind,
        fragments=quote_fragments(quote, row.start, row.end),
        published=getattr(quote.article, "published", None),
        event=row.event,
    )


SPEAKER_LOCK_SPACE = 7401  # first key of pg_advisory_xact_lock(int, int): statement linking per speaker


def lock_speakers(session: Session, speaker_ids: Collection[int | None]) -> None:
    """Serialise statement linking per speaker across processes (PostgreSQL): linking reads
    and rewrites the speaker's other claims' links, so two writers (ingests, an editor's
    correction) must not link one speaker's claims at once. Transaction-scoped advisory
    locks, taken in id order; a deadlock with another transaction's order is detected by
    PostgreSQL and the ingest retried. SQLite needs none: its writers are serialised already."""
    if session.get_bind().dialect.name != "postgresql":
        return
    for speaker_id in sorted({i or 0 for i in speaker_ids}):  # 0: quotes without a speaker
        session.execute(select(func.pg_advisory_xact_lock(SPEAKER_LOCK_SPACE, speaker_id)))


def voices_lent(session: Session, speaker_id: int) -> list[int]:
    """The organisations this speaker has spoken for as their spokesperson (quotes.speaks_for_id)."""
    return list(
        session.scalars(
            select(QuoteRow.speaks_for_id)
            .where(QuoteRow.speaker_id == speaker_id, QuoteRow.speaks_for_id.is_not(None))
            .distinct()
        )
    )


def add_shingles(session: Session, claim: ClaimRow, keys: Iterable[int]) -> None:
    """File the claim under its index keys (statements/words.index_keys)."""
    for key in keys:
        session.add(ClaimShingleRow(claim_id=claim.id, shingle=key, speaker_id=claim.speaker_id))


def recent_claim_ids(session: Session, voices: list[int], exclude: int, quoted_by: int | None, limit: int) -> list[int]:
    """The newest accepted claims of these voices (at most `limit`), but `exclude`; with
    `quoted_by`, only those of quotes whose speaker is that person."""
    recent = (
        select(ClaimRow.id)
        .join(ClaimRow.quote)
        .where(ClaimRow.speaker_id.in_(voices), ClaimRow.id != exclude, QuoteRow.status == QuoteStatus.ACCEPTED)
    )
    if quoted_by is not None:
        recent = recent.where(QuoteRow.speaker_id == quoted_by)
    return list(session.scalars(recent.order_by(ClaimRow.id.desc()).limit(limit)))


def accepted_claims(session: Session, ids: Collection[int]) -> list[ClaimRow]:
    """The accepted claims among `ids`, loaded as relating reads them: each with its quote and
    article (the article's text only when a mixed quote's fragments need it), and its current
    strongest neighbour with that one's quote and article."""
    found = (
        select(ClaimRow)
        .join(ClaimRow.quote)
        .where(ClaimRow.id.in_(ids), QuoteRow.status == QuoteStatus.ACCEPTED)
        .options(
            contains_eager(ClaimRow.quote).selectinload(QuoteRow.article).defer(ArticleRow.text),
            selectinload(ClaimRow.best_link)
            .selectinload(ClaimRow.quote)
            .selectinload(QuoteRow.article)
            .defer(ArticleRow.text),
        )
    )
    return list(session.scalars(found))


def voice_claims_in(session: Session, speaker_id: int, articles: Collection[int]) -> dict[int, list[ClaimRow]]:
    """Every accepted claim of one voice in these articles, by article."""
    peers: dict[int, list[ClaimRow]] = {}
    for peer in session.scalars(
        select(ClaimRow)
        .join(ClaimRow.quote)
        .where(
            ClaimRow.speaker_id == speaker_id,
            ClaimRow.article_id.in_(articles),
            QuoteRow.status == QuoteStatus.ACCEPTED,
        )
    ):
        peers.setdefault(peer.article_id, []).append(peer)
    return peers


def unlinked_in(session: Session, statement_ids: Collection[int]) -> list[ClaimRow]:
    """Claims of these statements without a strongest neighbour (theirs was taken away)."""
    if not statement_ids:
        return []
    return list(
        session.scalars(
            select(ClaimRow).where(ClaimRow.statement_id.in_(statement_ids), ClaimRow.best_link_id.is_(None))
        )
    )


def unlink(session: Session, claims: list[ClaimRow]) -> set[int]:
    """Take claims out of statements: whatever chose one as its strongest neighbour has none,
    they have none and no statement, and they leave the shingle index. Returns the statements
    they were in."""
    ids = [c.id for c in claims]
    orphaned = {c.statement_id for c in claims if c.statement_id is not None}
    for other in session.scalars(select(ClaimRow).where(ClaimRow.best_link_id.in_(ids))):
        other.best_link, other.best_link_rank = None, 0.0
    for claim in claims:
        claim.best_link, claim.best_link_rank = None, 0.0
        claim.statement, claim.relation, claim.similarity = None, None, None
    session.execute(delete(ClaimShingleRow).where(ClaimShingleRow.claim_id.in_(ids)))
    session.flush()
    return orphaned


def linked_component(session: Session, claim_ids: set[int], statement_ids: set[int]) -> dict[int, ClaimRow]:
    """The claims `claim_ids`, everything in their statements and `statement_ids`, closed over
    strongest-neighbour links either way round and the statements reached (added to
    `statement_ids`)."""
    members = {c.id: c for c in session.scalars(select(ClaimRow).where(ClaimRow.id.in_(claim_ids)))}
    statement_ids |= {c.statement_id for c in members.values() if c.statement_id is not None}
    frontier = True
    while frontier:
        # Two queries, each on its own index, whatever a backend's planner makes of an OR.
        more = list(
            session.scalars(
                select(ClaimRow).where(ClaimRow.statement_id.in_(statement_ids), ClaimRow.id.notin_(members))
            )
        )
        seen = members.keys() | {c.id for c in more}
        more += session.scalars(
            select(ClaimRow).where(ClaimRow.best_link_id.in_(list(members)), ClaimRow.id.notin_(seen))
        ).all()
        linked = [
            c.best_link for c in [*members.values(), *more] if c.best_link is not None and c.best_link.id not in members
        ]
        frontier = bool(more or linked)
        for c in [*more, *linked]:
            members[c.id] = c
            if c.statement_id is not None:
                statement_ids.add(c.statement_id)
    return members


def statements(session: Session, ids: Collection[int]) -> dict[int, StatementRow]:
    return {s.id: s for s in session.scalars(select(StatementRow).where(StatementRow.id.in_(ids)))}


def new_statement(session: Session) -> StatementRow:
    statement = StatementRow(canonical_text="")
    session.add(statement)
    session.flush()
    return statement


def delete_statements(session: Session, ids: Collection[int]) -> None:
    if ids:
        session.execute(delete(StatementRow).where(StatementRow.id.in_(ids)))
