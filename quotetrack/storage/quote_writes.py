"""Writing an article's quotes for its current revision, once their speakers are decided
(speaker_identification.py, overrides.py), and reconciling a re-extraction with them (a quote
found again keeps its id; one not found again stays, superseded: quote ids are forever). Linking
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
class Reextraction:
    """What a re-extraction did to the current revision's quotes."""

    added: AddedQuotes  # every quote it found, the rows found again (ids kept) included
    superseded: tuple[QuoteRow, ...]  # those it did not find again: kept, readable by id
    kept_ids: frozenset[int]

    def summary(self) -> dict:
        """For the audit log: counts, and the ids a CMS may have embedded that now name a successor."""
        return {
            "quotes": len(self.added.rows),
            "kept": len(self.kept_ids),
            "new": len(self.added.rows) - len(self.kept_ids),
            "superseded": sorted(q.id for q in self.superseded),
        }


@dataclass(frozen=True)
class CurrentQuotes:
    """The current revision's quotes a re-extraction replaces: the statements they leave
    (rebuilt without them) and their speakers (whose linking is locked, and whose own
    article speakers go when no quote needs them)."""

    rows: tuple[QuoteRow, ...]
    statement_ids: frozenset[int]
    speaker_ids: frozenset[int]


def current_quotes(row: ArticleRow) -> CurrentQuotes:
    """The current revision's quotes, whatever their status, as a re-extraction replaces them."""
    current = tuple(q for q in row.quotes if q.revision == row.revision)
    return CurrentQuotes(
        current,
        frozenset(c.statement_id for q in current for c in q.claims if c.statement_id is not None),
        frozenset(q.speaker_id for q in current if q.speaker_id is not None),
    )


def reusable(current: CurrentQuotes, quotes: list[Quote]) -> dict[tuple[int, int], QuoteRow]:
    """The current quotes a re-extraction finds again, by span: a quote id a CMS embedded
    keeps answering with the same words. (Within one revision a span is one wording.)"""
    found = {(q.start, q.end) for q in quotes}
    return {(q.start, q.end): q for q in current.rows if (q.start, q.end) in found}


def supersede_lost(current: CurrentQuotes, kept: dict[tuple[int, int], QuoteRow]) -> list[QuoteRow]:
    """The current quotes a re-extraction did not find again: they stay, readable by id,
    superseded (out of look-ups and statements, as a revision's predecessors are)."""
    kept_ids = {id(q) for q in kept.values()}
    lost = [q for q in current.rows if id(q) not in kept_ids]
    for quote in lost:
        quote.status = QuoteStatus.SUPERSEDED
    for quote in kept.values():
        quote.identity_decision = None  # decided again: identify_speakers drops the old record
    return lost


def add_quotes(
    session: Session,
    row: ArticleRow,
    quotes: list[Quote],
    attributions: list[Attribution],
    reuse: dict[tuple[int, int], QuoteRow] | None = None,
) -> AddedQuotes:
    """Store the current revision's quotes with their decided speakers, records and statuses.
    A quote whose span is in `reuse` (a re-extraction's quote found again) updates that row,
    id kept, with new claims; the others are new rows."""
    reuse = reuse or {}
    for kept in reuse.values():  # its claims are made anew: the old ones go first (unique ordinals)
        kept.claims.clear()
    session.flush()
    added: list[QuoteRow] = []
    new: list[QuoteRow] = []
    with session.no_autoflush:  # the rows join the session together, below
        for quote, attribution in zip(quotes, attributions, strict=True):
            fields = _fields(row, quote, attribution)
            existing = reuse.get((quote.start, quote.end))
            if existing is None:
                new.append(QuoteRow(**fields))
                added.append(new[-1])
                continue
            for name, value in fields.items():
                setattr(existing, name, value)
            added.append(existing)
        row.quotes.extend(new)
    session.flush()
    return AddedQuotes(tuple(added))


def _fields(row: ArticleRow, quote: Quote, attribution: Attribution) -> dict:
    return {
        "revision": row.revision,
        "speaker": attribution.speaker,
        "speaks_for": attribution.speaks_for,
        "identity_decision": attribution.record,
        "status": attribution.status,
        "start": quote.start,
        "end": quote.end,
        "text": quote.text,
        "folded": fold_words(quote.text),
        "kind": quote.kind.value,
        "cue": quote.cue,
        "speaker_mention": quote.speaker_mention,
        "method": quote.method.value,
        "confidence": quote.confidence,
        "sentence_start": quote.sentence_start,
        "sentence_end": quote.sentence_end,
        "fragments": [list(f) for f in quote.fragments],
        "claims": _claims(row, quote),
    }


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
