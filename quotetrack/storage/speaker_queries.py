"""Reading speakers: search by name or alias, one speaker with counts, the outlets that quote
them, the people an ambiguous one could be, and the one speaker filter (resolve_speaker). Every
answer is a dataclass, never an ORM row; finding a row to change is speaker_rows.py's."""

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


# -- the one speaker filter ------------------------------------------------------------------------
# What a client typed in a `speaker` field (an id, a slug, a name or an alias) resolved to the
# speaker it means, to nobody, or to several candidates to choose from. The API lists, the
# exports, verify and the search page all read the field through here, so `speaker=Homan` means
# the same wherever it is typed.
MAX_CANDIDATES = 10


@dataclass(frozen=True)
class SpeakerMatch:
    speaker_id: int | None = None  # the one speaker meant; None with no candidates: nobody
    candidates: tuple[StoredSpeaker, ...] = ()  # several speakers answer to the name

    @property
    def ambiguous(self) -> bool:
        return len(self.candidates) > 1


def _exact_name_ids(session: Session, who: str) -> list[int]:
    """Live speakers whose name or one of whose aliases is `who`, case and accents aside."""
    folded = fold(who)
    aliases = select(SpeakerAliasRow.speaker_id).where(SpeakerAliasRow.folded == folded)
    rows = session.scalars(
        select(SpeakerRow.id)
        .where(SpeakerRow.merged_into_id.is_(None))
        .where(or_(func.lower(SpeakerRow.name) == folded, SpeakerRow.id.in_(aliases)))
        .order_by(SpeakerRow.id)
        .limit(MAX_CANDIDATES)
    )
    return list(rows)


def _candidates(session: Session, ids: list[int]) -> tuple[StoredSpeaker, ...]:
    rows = {row.id: row for row in session.scalars(select(SpeakerRow).where(SpeakerRow.id.in_(ids)))}
    return tuple(to_speaker(rows[i]) for i in ids)  # in the order found: most quoted first


def resolve_speaker(session: Session, who: str) -> SpeakerMatch:
    """An id or slug names its speaker; else an exact name or alias; else a part of one
    (`Homan`). One match is the speaker; several are candidates (the client picks one);
    none is nobody (an empty result, not an error: the record simply has no such speaker)."""
    who = who.strip()
    if not who:
        return SpeakerMatch()
    row = find_speaker_row(session, who)
    if row is not None:
        return SpeakerMatch(speaker_id=row.id)
    ids = _exact_name_ids(session, who)
    if not ids:  # most quoted first, so the likeliest candidates lead
        ids = [s.id for s in list_speakers(session, who, None, 1, MAX_CANDIDATES)[0]]
    if len(ids) == 1:
        return SpeakerMatch(speaker_id=ids[0])
    return SpeakerMatch(candidates=_candidates(session, ids)) if ids else SpeakerMatch()
