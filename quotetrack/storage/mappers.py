"""ORM rows to the dataclasses the service and API read (quotetrack.types): the only place they
meet on the way out, so no ORM row leaves storage through a read."""

from __future__ import annotations

from sqlalchemy import Select, select
from sqlalchemy.orm import object_session, selectinload

from ..types import IdentityRecord, StoredArticle, StoredClaim, StoredQuote, StoredSpeaker
from .models import ArticleRevisionRow, ArticleRow, QuoteRow, SpeakerRow


def quote_query() -> Select:
    """Quotes with everything to_quote reads loaded alongside (joined to their articles, so
    callers can filter and sort by them)."""
    return (
        select(QuoteRow)
        .join(ArticleRow)
        .options(
            selectinload(QuoteRow.article),
            selectinload(QuoteRow.speaker).selectinload(SpeakerRow.aliases),
            selectinload(QuoteRow.speaks_for).selectinload(SpeakerRow.aliases),
            selectinload(QuoteRow.identity_decision),
            selectinload(QuoteRow.claims),
        )
    )


def to_article(row: ArticleRow, quote_count: int | None) -> StoredArticle:
    return StoredArticle(
        row.id,
        row.url,
        row.outlet,
        row.title,
        row.author,
        row.published,
        row.model_versions,
        quote_count,
        revision=row.revision,
    )


def to_speaker(row: SpeakerRow, quote_count: int = 0, statement_count: int | None = None) -> StoredSpeaker:
    return StoredSpeaker(
        row.id,
        row.slug,
        row.name,
        row.kind,
        tuple(row.titles),
        tuple(a.alias for a in row.aliases if a.alias != row.name),
        quote_count,
        wikidata_id=row.wikidata_id,
        ambiguous=row.ambiguous,
        article_id=row.article_id,
        statement_count=statement_count,
    )


def to_quote(row: QuoteRow) -> StoredQuote:
    article = row.article
    decision = row.identity_decision
    return StoredQuote(
        id=row.id,
        article=to_article(article, quote_count=None),
        speaker=to_speaker(row.speaker) if row.speaker else None,
        start=row.start,
        end=row.end,
        text=row.text,
        kind=row.kind,
        cue=row.cue,
        speaker_mention=row.speaker_mention,
        method=row.method,
        confidence=row.confidence,
        sentence=_revision_text(row)[row.sentence_start : row.sentence_end],
        fragments=tuple((f[0], f[1]) for f in row.fragments),
        statement_id=row.claims[0].statement_id if row.claims else None,
        relation=row.claims[0].relation if row.claims else None,
        similarity=row.claims[0].similarity if row.claims else None,
        claims=tuple(
            StoredClaim(c.id, c.start, c.end, c.text, c.statement_id, c.relation, c.similarity) for c in row.claims
        ),
        status=row.status,
        identity=IdentityRecord(decision.method, decision.mention, decision.evidence) if decision else None,
        revision=row.revision,
        speaks_for=to_speaker(row.speaks_for) if row.speaks_for else None,
    )


def _revision_text(row: QuoteRow) -> str:
    """The text a quote's offsets refer to: its article's, or an earlier revision's."""
    article = row.article
    if row.revision == article.revision:
        return article.text
    session = object_session(row)
    text = (
        session.scalar(
            select(ArticleRevisionRow.text).where(
                ArticleRevisionRow.article_id == article.id, ArticleRevisionRow.number == row.revision
            )
        )
        if session is not None
        else None
    )
    return text if text is not None else article.text
