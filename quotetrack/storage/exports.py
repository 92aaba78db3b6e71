"""Quote look-ups for the search pages and exports: every filter a journalist has (words,
speakers, outlet, kind, date range, minimum confidence), a counted page, and a streamed
iteration over everything that matches, in the same order."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from ..types import StoredQuote
from .models import ArticleRow, QuoteRow
from .repository import (
    ACCEPTED,
    _quote_query,
    fold_words,
    in_articles,
    like_pattern,
    to_quote,
)

EXPORT_BATCH = 500


@dataclass(frozen=True)
class QuoteFilters:
    text: str | None = None
    speaker_ids: tuple[int, ...] | None = None  # None: any speaker; (): nobody matched
    kind: str | None = None
    outlet: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    min_confidence: float | None = None


def _filtered(filters: QuoteFilters) -> Select:
    statement = _quote_query().where(QuoteRow.status == ACCEPTED)
    for word in fold_words(filters.text or "").split():
        statement = statement.where(QuoteRow.folded.like(like_pattern(word), escape="\\"))
    if filters.speaker_ids is not None:
        statement = statement.where(QuoteRow.speaker_id.in_(filters.speaker_ids))
    if filters.kind:
        statement = statement.where(QuoteRow.kind == filters.kind)
    statement = in_articles(statement, filters.outlet, filters.date_from, filters.date_to)
    if filters.min_confidence is not None:
        statement = statement.where(QuoteRow.confidence >= filters.min_confidence)
    return statement


def _ordered(statement: Select) -> Select:
    # Newest first; undated articles last on every backend; then text order within an article.
    return statement.order_by(
        ArticleRow.published.is_(None), ArticleRow.published.desc(), ArticleRow.id.desc(), QuoteRow.start, QuoteRow.id
    )


def count_quotes(session: Session, filters: QuoteFilters) -> int:
    counted = _filtered(filters).with_only_columns(QuoteRow.id).order_by(None).subquery()
    return session.scalar(select(func.count()).select_from(counted)) or 0


def search(session: Session, filters: QuoteFilters, page: int = 1, per_page: int = 20) -> tuple[list[StoredQuote], int]:
    """One page of the matching quotes and how many match in all."""
    total = count_quotes(session, filters)
    rows = session.scalars(_ordered(_filtered(filters)).offset((page - 1) * per_page).limit(per_page))
    return [to_quote(r) for r in rows], total


def iter_quotes(session: Session, filters: QuoteFilters, batch: int = EXPORT_BATCH) -> Iterator[StoredQuote]:
    """Every matching quote, in the search order, fetched `batch` rows at a time from one
    query (a server-side cursor on PostgreSQL), so memory stays flat however many match."""
    statement = _ordered(_filtered(filters)).execution_options(yield_per=batch)
    for row in session.scalars(statement):
        yield to_quote(row)


def outlets(session: Session) -> list[str]:
    """Every outlet with an accepted quote, for a filter menu."""
    rows = session.scalars(
        select(ArticleRow.outlet)
        .distinct()
        .join(QuoteRow, QuoteRow.article_id == ArticleRow.id)
        .where(QuoteRow.status == ACCEPTED, ArticleRow.outlet.is_not(None))
        .order_by(ArticleRow.outlet)
    )
    return [o for o in rows if o]
