"""Reading speakers: search by name or alias, one speaker with counts, the outlets that quote
them, the people an ambiguous one could be. Every answer is a dataclass, never an ORM row."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session, selectinload

from ..normalization.folding import fold
from ..types import QuoteStatus, StoredSpeaker
from .mappers import to_speaker
from .models import ArticleRow, IdentityDecisionRow, QuoteRow, SpeakerAliasRow, SpeakerRow, StatementRow
from .speaker_rows import find_speaker_row, live_speaker
from .text_forms import like_pattern


@dataclass(frozen=True)
class OutletCount:
    outlet: str | None
    count: int


def _accepted_counts():
    return (
        select(QuoteRow.speaker_id, func.count(QuoteRow.id).label("n"))
        .where(QuoteRow.status == QuoteStatus.ACCEPTED)
        .group_by(QuoteRow.speaker_id)
        .subquery()
    )


def _statement_counts():
    return (
        select(StatementRow.speaker_id, func.count(StatementRow.id).label("n"))
        .group_by(StatementRow.speaker_id)
        .subquery()
    )


def list_speakers(
    session: Session,
    query: str | None,
    kind: str | None,
    page: int,
    per_page: int,
    ambiguous: bool | None = None,
) -> tuple[list[StoredSpeaker], int]:
    """Live speakers by part of a name or alias, most quoted first, with quote and statement
    counts (the same numbers get_speaker answers)."""
    counts = _accepted_counts()
    statements = _statement_counts()
    statement = (
        select(SpeakerRow, func.coalesce(counts.c.n, 0), func.coalesce(statements.c.n, 0))
        .outerjoin(counts, counts.c.speaker_id == SpeakerRow.id)
        .outerjoin(statements, statements.c.speaker_id == SpeakerRow.id)
        .where(SpeakerRow.merged_into_id.is_(None))
    )
    if query:
        like = like_pattern(fold(query))
        aliases = select(SpeakerAliasRow.speaker_id).where(SpeakerAliasRow.folded.like(like, escape="\\"))
        statement = statement.where(
            or_(func.lower(SpeakerRow.name).like(like, escape="\\"), SpeakerRow.id.in_(aliases))
        )
    if kind:
        statement = statement.where(SpeakerRow.kind == kind)
    if ambiguous is not None:
        statement = statement.where(SpeakerRow.ambiguous.is_(ambiguous))
    total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
    rows = session.execute(
        statement.options(selectinload(SpeakerRow.aliases))
        .order_by(func.coalesce(counts.c.n, 0).desc(), SpeakerRow.name, SpeakerRow.id)
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return [to_speaker(row, n, m) for row, n, m in rows], total


def get_speaker(session: Session, id_or_slug: str) -> StoredSpeaker | None:
    """By numeric id or slug, with quote and statement counts; a merged speaker answers as its target."""
    row = find_speaker_row(session, id_or_slug)
    if row is None:
        return None
    count = session.scalar(
        select(func.count(QuoteRow.id)).where(QuoteRow.speaker_id == row.id, QuoteRow.status == QuoteStatus.ACCEPTED)
    )
    statements = session.scalar(select(func.count(StatementRow.id)).where(StatementRow.speaker_id == row.id))
    return to_speaker(row, count or 0, statements or 0)


def speaker_outlets(session: Session, speaker_id: int) -> list[OutletCount]:
    """How many of a speaker's quotes each outlet printed, most first."""
    rows = session.execute(
        select(ArticleRow.outlet, func.count(QuoteRow.id))
        .join(QuoteRow, QuoteRow.article_id == ArticleRow.id)
        .where(QuoteRow.speaker_id == speaker_id, QuoteRow.status == QuoteStatus.ACCEPTED)
        .group_by(ArticleRow.outlet)
        .order_by(func.count(QuoteRow.id).desc(), ArticleRow.outlet)
    )
    return [OutletCount(outlet, count) for outlet, count in rows]


def ambiguity_candidates(session: Session, speaker_id: int) -> list[StoredSpeaker]:
    """The people an ambiguous speaker could be, from its identity decisions' evidence."""
    ids: set[int] = set()
    for evidence in session.scalars(
        select(IdentityDecisionRow.evidence).where(IdentityDecisionRow.speaker_id == speaker_id)
    ):
        ids.update(c["id"] for c in evidence.get("candidates", []))
    if not ids:
        return []
    rows = session.scalars(select(SpeakerRow).where(SpeakerRow.id.in_(ids)).order_by(SpeakerRow.id))
    return [to_speaker(live_speaker(session, row.id)) for row in rows]
