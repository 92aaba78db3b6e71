"""The one quote search, for the API (/quotes, a speaker's quotes), the search pages and the
exports: every filter a journalist has (words, speakers, outlet, kind, date range, minimum
confidence), a counted page, a streamed iteration over everything that matches in the same
order, and one quote by id. A `speaker` as typed is resolved to ids by speaker_filter.py."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from ..types import QuoteStatus, StoredQuote
from .article_queries import in_articles
from .mappers import quote_query, to_quote
from .models import ArticleRow, QuoteRow
from .successors import successor_id
from .text_forms import fold_words, like_pattern

EXPORT_BATCH = 500


@dataclass(frozen=True)
class QuoteFilters:
    text: str | None = None  # every word must occur in the wording
    speaker_ids: tuple[int, ...] | None = None  # None: any speaker; (): nobody matched
    speaks_for_id: int | None = None  # only quotes of spokespeople for this organisation
    kind: str | None = None
    outlet: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    min_confidence: float | None = None


def _filtered(filters: QuoteFilters) -> Select:
    """Accepted quotes matching every filter: those an editor rejected and earlier revisions'
    are never found."""
    statement = quote_query().where(QuoteRow.status == QuoteStatus.ACCEPTED)
    for word in fold_words(filters.text or "").split():
        statement = statement.where(QuoteRow.folded.like(like_pattern(word), escape="\\"))
    if filters.speaker_ids is not None:
        statement = statement.where(QuoteRow.speaker_id.in_(filters.speaker_ids))
    if filters.speaks_for_id is not None:
        statement = statement.where(QuoteRow.speaks_for_id == filters.speaks_for_id)
    if filters.kind:
        statement = statement.where(QuoteRow.kind == filters.kind)
    statement = in_articles(statement, filters.outlet, filters.date_from, filters.date_to)
    if filters.min_confidence is not None:
        statement = statement.where(QuoteRow.confidence >= filters.min_confidence)
    return statement


def _ordered(statement: Select) -> Select:
    # Newest article first; undated articles last on every backend (PostgreSQL would put NULLs
    # first); then text order within an article, so a page never depends on insertion order.
    return statement.order_by(
        ArticleRow.published.is_(None), ArticleRow.published.desc(), ArticleRow.id.desc(), QuoteRow.start, QuoteRow.id
    )


def count_matching(session: Session, filters: QuoteFilters) -> int:
    counted = _filtered(filters).with_only_columns(QuoteRow.id).order_by(None).subquery()
    return session.scalar(select(func.count()).select_from(counted)) or 0


def search_quotes(
    session: Session, filters: QuoteFilters, page: int = 1, per_page: int = 20
) -> tuple[list[StoredQuote], int]:
    """One page of the matching quotes and how many match in all."""
    total = count_matching(session, filters)
    rows = session.scalars(_ordered(_filtered(filters)).offset((page - 1) * per_page).limit(per_page))
    return [to_quote(r) for r in rows], total


def iter_quotes(session: Session, filters: QuoteFilters, batch: int = EXPORT_BATCH) -> Iterator[StoredQuote]:
    """Every matching quote, in the search order, fetched `batch` rows at a time from one
    query (a server-side cursor on PostgreSQL), so memory stays flat however many match."""
    statement = _ordered(_filtered(filters)).execution_options(yield_per=batch)
    for row in session.scalars(statement):
        yield to_quote(row)


def get_quote(session: Session, quote_id: int, include_rejected: bool = False) -> StoredQuote | None:
    """A quote by id; one superseded by a newer revision of its article or a re-extraction
    still answers (its embedded cards keep working), naming its successor (`latest_version`)
    where there is one; a rejected one only with `include_rejected`."""
    statement = quote_query().where(QuoteRow.id == quote_id)
    if not include_rejected:
        statement = statement.where(QuoteRow.status.in_((QuoteStatus.ACCEPTED, QuoteStatus.SUPERSEDED)))
    row = session.scalar(statement)
    if row is None:
        return None
    quote = to_quote(row)
    if row.status == QuoteStatus.SUPERSEDED:
        quote = replace(quote, latest_version=successor_id(session, row))
    return quote


def outlets(session: Session) -> list[str]:
    """Every outlet with an accepted quote, for a filter menu."""
    rows = session.scalars(
        select(ArticleRow.outlet)
        .distinct()
        .join(QuoteRow, QuoteRow.article_id == ArticleRow.id)
        .where(QuoteRow.status == QuoteStatus.ACCEPTED, ArticleRow.outlet.is_not(None))
        .order_by(ArticleRow.outlet)
    )
    return [o for o in rows if o]
