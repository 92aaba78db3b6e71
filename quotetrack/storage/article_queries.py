"""Reading articles: the archive's list, one article (optionally with its revisions and text),
its quotes. Every answer is a dataclass (quotetrack.types), never an ORM row."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from sqlalchemy import Select, func, select
from sqlalchemy.orm import Session

from ..types import ArticleRevision, QuoteStatus, StoredArticle, StoredQuote
from .mappers import quote_query, to_article, to_quote
from .models import ArticleRow, QuoteRow


def in_articles(statement: Select, outlet: str | None, date_from: date | None, date_to: date | None) -> Select:
    """`statement` (which selects or joins articles) narrowed to an outlet and a publication period."""
    if outlet:
        statement = statement.where(func.lower(ArticleRow.outlet) == outlet.lower())
    if date_from:
        statement = statement.where(ArticleRow.published >= date_from)
    if date_to:
        statement = statement.where(ArticleRow.published <= date_to)
    return statement


def list_articles(
    session: Session, outlet: str | None, date_from, date_to, page: int, per_page: int
) -> tuple[list[StoredArticle], int]:
    """Articles newest first (by publication date, then id), with their current quote counts."""
    statement = in_articles(select(ArticleRow), outlet, date_from, date_to)
    total = session.scalar(select(func.count()).select_from(statement.subquery())) or 0
    rows = session.scalars(
        statement.order_by(ArticleRow.published.desc().nulls_last(), ArticleRow.id.desc())
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return [to_article(row, count_quotes(session, row.id)) for row in rows], total


def get_article(session: Session, article_id: int, with_text: bool = False) -> StoredArticle | None:
    """The article with its current quote count; `with_text`: and the text its quotes index."""
    row = session.get(ArticleRow, article_id)
    if row is None:
        return None
    article = to_article(row, count_quotes(session, article_id))
    return replace(article, text=row.text) if with_text else article


def article_with_revisions(session: Session, article_id: int) -> StoredArticle | None:
    """The article with its revisions, oldest first, each with its number of quotes, and the
    text its quotes' offsets index."""
    row = session.get(ArticleRow, article_id)
    if row is None:
        return None
    counts = dict(
        session.execute(
            select(QuoteRow.revision, func.count(QuoteRow.id))
            .where(QuoteRow.article_id == article_id, QuoteRow.status != QuoteStatus.REJECTED)
            .group_by(QuoteRow.revision)
        ).all()
    )
    revisions = tuple(
        ArticleRevision(r.number, r.text_sha256, r.created_at, r.model_versions, counts.get(r.number, 0))
        for r in row.revisions
    )
    return replace(to_article(row, count_quotes(session, article_id)), revisions=revisions, text=row.text)


def count_quotes(session: Session, article_id: int) -> int:
    return (
        session.scalar(
            select(func.count(QuoteRow.id)).where(
                QuoteRow.article_id == article_id, QuoteRow.status == QuoteStatus.ACCEPTED
            )
        )
        or 0
    )


def article_quotes(session: Session, article_id: int) -> list[StoredQuote]:
    """The article's accepted quotes (its current revision's), in text order."""
    rows = session.scalars(
        quote_query()
        .where(QuoteRow.article_id == article_id, QuoteRow.status == QuoteStatus.ACCEPTED)
        .order_by(QuoteRow.start)
    )
    return [to_quote(r) for r in rows]
