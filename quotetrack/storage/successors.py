"""A superseded quote's successor: the live quote that now stands where it stood, so a quote id
a CMS embedded names what replaced it (`Link: rel="latest-version"`), after a new revision of
its article or a re-extraction."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..types import QuoteStatus
from .models import QuoteRow


def _overlap(a: QuoteRow, b: QuoteRow) -> int:
    return min(a.end, b.end) - max(a.start, b.start)


def successor_id(session: Session, quote: QuoteRow) -> int | None:
    """The live revision's quote (accepted, or rejected by an editor) with the same wording,
    else the same span, else (in the same text only: offsets of two revisions index different
    texts) the one overlapping it most. None when the quote is live itself or nothing stands
    in its place."""
    if quote.status == QuoteStatus.ACCEPTED and quote.revision == quote.article.revision:
        return None
    live = list(
        session.scalars(
            select(QuoteRow)
            .where(
                QuoteRow.article_id == quote.article_id,
                QuoteRow.revision == quote.article.revision,
                QuoteRow.status != QuoteStatus.SUPERSEDED,  # a rejected one too: the editor's call stands
                QuoteRow.id != quote.id,
            )
            .order_by(QuoteRow.start, QuoteRow.id)
        )
    )
    for same in (lambda q: q.text == quote.text, lambda q: (q.start, q.end) == (quote.start, quote.end)):
        found = next((q for q in live if same(q)), None)
        if found is not None:
            return found.id
    if quote.revision == quote.article.revision:
        overlapping = [q for q in live if _overlap(q, quote) > 0]
        if overlapping:
            return max(overlapping, key=lambda q: (_overlap(q, quote), -q.start)).id
    return None
