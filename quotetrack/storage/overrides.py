"""Editors' overrides applied to re-extracted quotes: the second step that gives a new quote
its speaker and status (after speaker_identification.py). An override is an editor's
correction kept by article and span, so it survives every later ingest of the article."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..types import Quote, QuoteStatus
from .identity import Decision, IdentityMethod
from .models import ArticleRow, QuoteOverrideRow
from .speaker_identification import Attribution, decision_record
from .speaker_rows import live_speaker


def overlaps(a_start: int, a_end: int, b_start: int, b_end: int) -> bool:
    """The same quote, re-extracted: spans overlapping by at least half of the longer one."""
    overlap = min(a_end, b_end) - max(a_start, b_start)
    return overlap > 0 and overlap >= 0.5 * max(a_end - a_start, b_end - b_start)


class Overrides:
    """An article's editorial overrides, found for re-extracted quotes by span: the same
    span, else the same wording, else an overlapping span. A found override moves to the
    quote's new span, so the next extraction finds it exactly."""

    def __init__(self, session: Session, article: ArticleRow):
        self.rows = list(session.scalars(select(QuoteOverrideRow).where(QuoteOverrideRow.article_id == article.id)))
        self.used: set[int] = set()

    def find(self, quote: Quote) -> QuoteOverrideRow | None:
        free = [o for o in self.rows if o.id not in self.used]
        for test in (
            lambda o: (o.start, o.end) == (quote.start, quote.end),
            lambda o: o.text == quote.text,
            lambda o: overlaps(o.start, o.end, quote.start, quote.end),
        ):
            found = next((o for o in free if test(o)), None)
            if found is not None:
                self.used.add(found.id)
                found.start, found.end, found.text = quote.start, quote.end, quote.text
                return found
        return None


def apply_overrides(
    session: Session, article: ArticleRow, quotes: list[Quote], identified: list[Attribution]
) -> list[Attribution]:
    """`identified` (one per quote) with the editors' overrides applied: a pinned speaker
    replaces the identified one (recorded as the editor's decision), a pinned status is kept."""
    overrides = Overrides(session, article)
    applied = []
    with session.no_autoflush:  # the quote rows are not built yet: nothing half-made to flush
        for quote, attribution in zip(quotes, identified, strict=True):
            override = overrides.find(quote)
            if override is None:
                applied.append(attribution)
                continue
            speaker, record, speaks_for = attribution.speaker, attribution.record, attribution.speaks_for
            if override.speaker_id is not None:
                speaks_for = None  # the editor named who spoke; whom for is theirs to say
                speaker = live_speaker(session, override.speaker_id)
                extracted = {"speaker": quote.speaker.name if quote.speaker else None}
                evidence = {"override": override.id, "by": override.key_name, **extracted}
                record = decision_record(
                    article.id, speaker.name, speaker.kind, Decision(speaker, IdentityMethod.EDITOR, evidence)
                )
            applied.append(Attribution(speaker, record, override.status or QuoteStatus.ACCEPTED, speaks_for))
    return applied
