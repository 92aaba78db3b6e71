"""Writing an article's quotes for its current revision, once their speakers are decided
(speaker_identification.py, overrides.py), and taking them away for a re-extraction. Linking
them into statements is the caller's next step (quotetrack/statements/linking.py)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..types import Quote, QuoteStatus
from .models import ArticleRow, ClaimRow, QuoteOverrideRow, QuoteRow, SpeakerRow
from .speaker_identification import Attribution
from .text_forms import fold_words


@dataclass(frozen=True)
class AddedQuotes:
    """What an article write added: its new quote rows, and the speakers they touched."""

    rows: tuple[QuoteRow, ...]

    @property
    def accepted(self) -> list[QuoteRow]:
        """The rows to link into statements (an override may have rejected some)."""
        return [q for q in self.rows if q.status == QuoteStatus.ACCEPTED]

    @property
    def ids(self) -> list[int]:
        return [q.id for q in self.rows]

    @property
    def speaker_ids(self) -> set[int]:
        return {q.speaker_id for q in self.rows if q.speaker_id is not None}


@dataclass(frozen=True)
class RemovedQuotes:
    """The current revision's quotes a re-extraction takes away: the statements they leave
    (rebuilt without them) and their speakers (whose linking is locked, and whose own
    article speakers go when no quote needs them)."""

    rows: tuple[QuoteRow, ...]
    statement_ids: frozenset[int]
    speaker_ids: frozenset[int]


def current_quotes(row: ArticleRow) -> RemovedQuotes:
    """The current revision's quotes, whatever their status, as a re-extraction would remove them."""
    current = tuple(q for q in row.quotes if q.revision == row.revision)
    return RemovedQuotes(
        current,
        frozenset(c.statement_id for q in current for c in q.claims if c.statement_id is not None),
        frozenset(q.speaker_id for q in current if q.speaker_id is not None),
    )


def remove_quotes(session: Session, row: ArticleRow, removed: RemovedQuotes) -> None:
    """Delete them (earlier revisions' quotes are untouched)."""
    for quote in removed.rows:
        row.quotes.remove(quote)
    session.flush()


def add_quotes(session: Session, row: ArticleRow, quotes: list[Quote], attributions: list[Attribution]) -> AddedQuotes:
    """Store the current revision's quotes with their decided speakers, records and statuses."""
    added = []
    with session.no_autoflush:  # the rows join the session together, below
        for quote, attribution in zip(quotes, attributions, strict=True):
            added.append(
                QuoteRow(
                    revision=row.revision,
                    speaker=attribution.speaker,
                    speaks_for=attribution.speaks_for,
                    identity_decision=attribution.record,
                    status=attribution.status,
                    start=quote.start,
                    end=quote.end,
                    text=quote.text,
                    folded=fold_words(quote.text),
                    kind=quote.kind.value,
                    cue=quote.cue,
                    speaker_mention=quote.speaker_mention,
                    method=quote.method.value,
                    confidence=quote.confidence,
                    sentence_start=quote.sentence_start,
                    sentence_end=quote.sentence_end,
                    fragments=[list(f) for f in quote.fragments],
                    claims=_claims(row, quote),
                )
            )
        row.quotes.extend(added)
    session.flush()
    return AddedQuotes(tuple(added))


def _claims(row: ArticleRow, quote: Quote) -> list[ClaimRow]:
    """The quote's claims as rows (the whole quote when extraction gave none). Their
    speaker is set from the quote's when they are linked (statements.link_quotes)."""
    spans = quote.claims or ((quote.start, quote.end),)
    events = quote.events if len(quote.events) == len(spans) else (None,) * len(spans)
    return [
        ClaimRow(
            article_id=row.id,
            ordinal=ordinal,
            start=start,
            end=end,
            text=row.text[start:end],
            folded=fold_words(row.text[start:end]),
            event=event,
        )
        for ordinal, ((start, end), event) in enumerate(zip(spans, events, strict=True))
    ]


def drop_unused_local_speakers(session: Session, speaker_ids: frozenset[int] | set[int]) -> None:
    """An article's own speakers that its new text no longer quotes (nor speaks for, and no
    editor points at)."""
    if not speaker_ids:
        return
    quoted = select(QuoteRow.speaker_id).where(QuoteRow.speaker_id.in_(speaker_ids))
    spoken_for = select(QuoteRow.speaks_for_id).where(QuoteRow.speaks_for_id.in_(speaker_ids))
    pinned = select(QuoteOverrideRow.speaker_id).where(QuoteOverrideRow.speaker_id.in_(speaker_ids))
    unused = session.scalars(
        select(SpeakerRow).where(
            SpeakerRow.id.in_(speaker_ids),
            SpeakerRow.article_id.is_not(None),
            SpeakerRow.id.notin_(quoted),
            SpeakerRow.id.notin_(spoken_for),
            SpeakerRow.id.notin_(pinned),
        )
    )
    for speaker in unused:
        session.delete(speaker)
    session.flush()
