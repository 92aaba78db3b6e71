"""Reading statements back: lists, one statement with its wordings, candidates for verify."""

from __future__ import annotations

from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from ..normalization.statements import canonical_form, word_diff
from ..types import Appearance, StoredStatement, Wording
from .models import QuoteRow, SpeakerRow, StatementRow
from .repository import fold_words, to_speaker
from .shingle_index import neighbours


def appearance(quote: QuoteRow) -> Appearance:
    article = quote.article
    return Appearance(quote.id, article.id, article.outlet, article.title, article.url, article.published)


def _order(quote: QuoteRow) -> tuple:
    return (quote.article.published or date.max, quote.article_id, quote.start)


def wordings(quotes: list[QuoteRow], reference: str, relation_of) -> tuple[Wording, ...]:
    """Group quotes by wording; `relation_of(quote)` gives (relation, similarity) to `reference`."""
    groups: dict[str, list[QuoteRow]] = {}
    for quote in sorted(quotes, key=_order):
        groups.setdefault(canonical_form(quote.text), []).append(quote)
    result = []
    for group in groups.values():
        first = group[0]
        relation, similarity = relation_of(first)
        result.append(
            Wording(
                first.text,
                first.kind,
                relation,
                similarity,
                tuple(word_diff(reference, first.text)),
                tuple(appearance(q) for q in group),
            )
        )
    return tuple(sorted(result, key=lambda w: (-w.similarity, w.text)))


def to_statement(row: StatementRow, with_wordings: bool = True) -> StoredStatement:
    quotes = sorted(row.quotes, key=_order)
    return StoredStatement(
        id=row.id,
        speaker=to_speaker(row.speaker) if row.speaker else None,
        canonical_text=row.canonical_text,
        first_seen=row.first_seen,
        quote_count=row.quote_count,
        outlet_count=row.outlet_count,
        first_appearance=appearance(quotes[0]) if quotes else None,
        wordings=wordings(quotes, row.canonical_text, lambda q: (q.relation or "verbatim", q.similarity or 0.0))
        if with_wordings
        else (),
    )


def _statement_query():
    return select(StatementRow).options(
        selectinload(StatementRow.quotes).selectinload(QuoteRow.article),
        selectinload(StatementRow.speaker).selectinload(SpeakerRow.aliases),
    )


def get_statement(session: Session, statement_id: int) -> StoredStatement | None:
    row = session.scalar(_statement_query().where(StatementRow.id == statement_id))
    return to_statement(row) if row else None


def list_statements(
    session: Session,
    *,
    speaker_id: int | None = None,
    text: str | None = None,
    min_outlets: int | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    page: int = 1,
    per_page: int = 20,
) -> tuple[list[StoredStatement], int]:
    statement = _statement_query()
    if speaker_id is not None:
        statement = statement.where(StatementRow.speaker_id == speaker_id)
    for word in fold_words(text or "").split():
        statement = statement.where(
            StatementRow.id.in_(
                select(QuoteRow.statement_id).where(
                    QuoteRow.folded.like(
                        "%" + word.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%", escape="\\"
                    )
                )
            )
        )
    if min_outlets:
        statement = statement.where(StatementRow.outlet_count >= min_outlets)
    if date_from:
        statement = statement.where(StatementRow.first_seen >= date_from)
    if date_to:
        statement = statement.where(StatementRow.first_seen <= date_to)
    total = (
        session.scalar(select(func.count()).select_from(statement.with_only_columns(StatementRow.id).subquery())) or 0
    )
    rows = session.scalars(
        statement.order_by(StatementRow.outlet_count.desc(), StatementRow.quote_count.desc(), StatementRow.id)
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return [to_statement(r) for r in rows], total


def candidate_quotes(session: Session, text: str, speaker_id: int | None, limit: int = 50) -> list[QuoteRow]:
    """Quotes that share word 3-grams with `text` (see shingle_index), plus, for a named
    speaker, their recent quotes (paraphrases share no 3-gram)."""
    ids = (
        neighbours(session, text, speaker_id, limit)
        if speaker_id is not None
        else neighbours(session, text, limit=limit)
    )
    if speaker_id is not None:
        ids += session.scalars(
            select(QuoteRow.id).where(QuoteRow.speaker_id == speaker_id).order_by(QuoteRow.id.desc()).limit(limit)
        )
    if not ids:
        return []
    return list(session.scalars(select(QuoteRow).where(QuoteRow.id.in_(set(ids)))))
