"""The only place ORM rows and dataclasses meet: saves and queries for the service and API."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date

from sqlalchemy import Select, delete, func, or_, select
from sqlalchemy.orm import Session, selectinload

from ..attribution.names import fold
from ..statements import link_quotes
from ..types import Article, IdentityRecord, Quote, StoredArticle, StoredQuote, StoredSpeaker
from .identity import Decision, IdentityMethod, Resolver
from .models import (
    ArticleRow,
    IdentityDecisionRow,
    QuoteOverrideRow,
    QuoteRow,
    SpeakerAliasRow,
    SpeakerRow,
    StatementRow,
)

ACCEPTED, REJECTED = "accepted", "rejected"


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fold_words(text: str) -> str:
    """Lowercase letters and digits separated by single spaces: the search form of a text."""
    return " ".join(re.findall(r"[a-z0-9]+", fold(text.replace("’", "'").replace("'", ""))))


# -- articles -----------------------------------------------------------------------------------
def find_article(session: Session, article: Article) -> ArticleRow | None:
    """The stored copy of `article`: same URL, or same text when it has no URL."""
    if article.url:
        return session.scalar(select(ArticleRow).where(ArticleRow.url == article.url))
    return session.scalar(
        select(ArticleRow).where(ArticleRow.url.is_(None), ArticleRow.text_sha256 == text_hash(article.text))
    )


def save_article(session: Session, article: Article, quotes: list[Quote], versions: str) -> tuple[ArticleRow, bool]:
    """Store the article with its quotes. Returns (row, created). Same article again: the
    stored row; same URL with new text: the article and its quotes are replaced."""
    row = find_article(session, article)
    digest = text_hash(article.text)
    if row is not None and row.text_sha256 == digest:
        return row, False
    created = row is None
    if row is None:
        row = ArticleRow(url=article.url)
        session.add(row)
    row.text, row.text_sha256, row.model_versions = article.text, digest, versions
    row.outlet, row.title, row.author, row.published = article.outlet, article.title, article.author, article.published
    replace_quotes(session, row, quotes)
    return row, created


def replace_quotes(session: Session, row: ArticleRow, quotes: list[Quote]) -> None:
    """Give the article these quotes: identify their speakers across the archive, apply the
    editors' overrides, and link them into statements. Other articles' quotes keep their
    speakers (see identity.py)."""
    orphaned = {q.statement_id for q in row.quotes if q.statement_id is not None}
    previous_speakers = {q.speaker_id for q in row.quotes if q.speaker_id is not None}
    row.quotes.clear()
    session.flush()
    session.execute(delete(IdentityDecisionRow).where(IdentityDecisionRow.article_id == row.id))
    decisions = Resolver(session, row.id).resolve_all([q.speaker for q in quotes if q.speaker is not None])
    records = {speaker: _record(row.id, speaker.name, speaker.kind.value, d) for speaker, d in decisions.items()}
    overrides = Overrides(session, row)
    for quote in quotes:
        decision = decisions.get(quote.speaker) if quote.speaker is not None else None
        speaker = decision.speaker if decision else None
        record = records.get(quote.speaker) if quote.speaker is not None else None
        status = ACCEPTED
        override = overrides.find(quote)
        if override is not None:
            status = override.status or ACCEPTED
            if override.speaker_id is not None:
                speaker = live_speaker(session, override.speaker_id)
                extracted = {"speaker": quote.speaker.name if quote.speaker else None}
                record = _record(
                    row.id,
                    speaker.name,
                    speaker.kind,
                    Decision(
                        speaker, IdentityMethod.EDITOR, {"override": override.id, "by": override.key_name, **extracted}
                    ),
                )
        row.quotes.append(
            QuoteRow(
                speaker=speaker,
                identity_decision=record,
                status=status,
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
            )
        )
    session.flush()
    _drop_unused_local_speakers(session, previous_speakers)
    link_quotes(session, [q for q in row.quotes if q.status == ACCEPTED], orphaned)


def _record(article_id: int, mention: str, kind: str, decision: Decision) -> IdentityDecisionRow:
    return IdentityDecisionRow(
        article_id=article_id,
        speaker=decision.speaker,
        mention=mention,
        kind=kind,
        method=decision.method.value,
        evidence=decision.evidence,
    )


def _drop_unused_local_speakers(session: Session, speaker_ids: set[int]) -> None:
    """An article's own speakers that its new text no longer quotes (and no editor points at)."""
    if not speaker_ids:
        return
    quoted = select(QuoteRow.speaker_id).where(QuoteRow.speaker_id.in_(speaker_ids))
    pinned = select(QuoteOverrideRow.speaker_id).where(QuoteOverrideRow.speaker_id.in_(speaker_ids))
    unused = session.scalars(
        select(SpeakerRow).where(
            SpeakerRow.id.in_(speaker_ids),
            SpeakerRow.article_id.is_not(None),
            SpeakerRow.id.notin_(quoted),
            SpeakerRow.id.notin_(pinned),
        )
    )
    for speaker in unused:
        session.delete(speaker)
    session.flush()


def live_speaker(session: Session, speaker_id: int) -> SpeakerRow:
    """The speaker, or the one an editor merged it into."""
    row = session.get(SpeakerRow, speaker_id)
    seen = set()
    while row is not None and row.merged_into_id is not None and row.id not in seen:
        seen.add(row.id)
        row = session.get(SpeakerRow, row.merged_into_id)
    if row is None:
        raise LookupError(f"speaker {speaker_id} is gone")
    return row


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


# -- reading --------------------------------------------------------------------------------------
def to_article(row: ArticleRow, quote_count: int | None) -> StoredArticle:
    return StoredArticle(
        row.id, row.url, row.outlet, row.title, row.author, row.published, row.model_versions, quote_count
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
        sentence=article.text[row.sentence_start : row.sentence_end],
        fragments=tuple((f[0], f[1]) for f in row.fragments),
        statement_id=row.statement_id,
        relation=row.relation,
        similarity=row.similarity,
        status=row.status,
        identity=IdentityRecord(decision.method, decision.mention, decision.evidence) if decision else None,
    )


def get_article(session: Session, article_id: int) -> ArticleRow | None:
    return session.get(ArticleRow, article_id)


def count_quotes(session: Session, article_id: int) -> int:
    return (
        session.scalar(
            select(func.count(QuoteRow.id)).where(QuoteRow.article_id == article_id, QuoteRow.status == ACCEPTED)
        )
        or 0
    )


def article_quotes(session: Session, article_id: int) -> list[StoredQuote]:
    rows = session.scalars(
        _quote_query().where(QuoteRow.article_id == article_id, QuoteRow.status == ACCEPTED).order_by(QuoteRow.start)
    )
    return [to_quote(r) for r in rows]


def _accepted_counts():
    return (
        select(QuoteRow.speaker_id, func.count(QuoteRow.id).label("n"))
        .where(QuoteRow.status == ACCEPTED)
        .group_by(QuoteRow.speaker_id)
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
    counts = _accepted_counts()
    statement = (
        select(SpeakerRow, func.coalesce(counts.c.n, 0))
        .outerjoin(counts, counts.c.speaker_id == SpeakerRow.id)
        .where(SpeakerRow.merged_into_id.is_(None))
    )
    if query:
        like = f"%{fold(query)}%"
        aliases = select(SpeakerAliasRow.speaker_id).where(SpeakerAliasRow.folded.like(like))
        statement = statement.where(or_(func.lower(SpeakerRow.name).like(like), SpeakerRow.id.in_(aliases)))
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
    return [to_speaker(row, n) for row, n in rows], total


def find_speaker_row(session: Session, id_or_slug: str) -> SpeakerRow | None:
    """By numeric id or slug; a speaker merged into another answers as that one."""
    condition = SpeakerRow.id == int(id_or_slug) if id_or_slug.isdigit() else SpeakerRow.slug == id_or_slug
    row = session.scalar(select(SpeakerRow).where(condition))
    return live_speaker(session, row.id) if row is not None else None


def get_speaker(session: Session, id_or_slug: str) -> StoredSpeaker | None:
    row = find_speaker_row(session, id_or_slug)
    if row is None:
        return None
    count = session.scalar(
        select(func.count(QuoteRow.id)).where(QuoteRow.speaker_id == row.id, QuoteRow.status == ACCEPTED)
    )
    statements = session.scalar(select(func.count(StatementRow.id)).where(StatementRow.speaker_id == row.id))
    return to_speaker(row, count or 0, statements or 0)


def _quote_query() -> Select:
    return (
        select(QuoteRow)
        .join(ArticleRow)
        .options(
            selectinload(QuoteRow.article),
            selectinload(QuoteRow.speaker).selectinload(SpeakerRow.aliases),
            selectinload(QuoteRow.identity_decision),
        )
    )


def search_quotes(
    session: Session,
    *,
    text: str | None = None,
    speaker_id: int | None = None,
    kind: str | None = None,
    outlet: str | None = None,
    date_from: date | None = None,
    date_to: date | None = None,
    page: int = 1,
    per_page: int = 20,
) -> tuple[list[StoredQuote], int]:
    """Quotes matching every filter. `text`: every word must occur in the wording. Quotes an
    editor rejected are never found."""
    statement = _quote_query().where(QuoteRow.status == ACCEPTED)
    for word in fold_words(text or "").split():
        statement = statement.where(QuoteRow.folded.like(f"%{word}%"))
    if speaker_id is not None:
        statement = statement.where(QuoteRow.speaker_id == speaker_id)
    if kind:
        statement = statement.where(QuoteRow.kind == kind)
    if outlet:
        statement = statement.where(func.lower(ArticleRow.outlet) == outlet.lower())
    if date_from:
        statement = statement.where(ArticleRow.published >= date_from)
    if date_to:
        statement = statement.where(ArticleRow.published <= date_to)
    total = session.scalar(select(func.count()).select_from(statement.with_only_columns(QuoteRow.id).subquery())) or 0
    rows = session.scalars(
        statement.order_by(ArticleRow.published.desc(), QuoteRow.id).offset((page - 1) * per_page).limit(per_page)
    )
    return [to_quote(r) for r in rows], total


def get_quote(session: Session, quote_id: int, include_rejected: bool = False) -> StoredQuote | None:
    statement = _quote_query().where(QuoteRow.id == quote_id)
    if not include_rejected:
        statement = statement.where(QuoteRow.status == ACCEPTED)
    row = session.scalar(statement)
    return to_quote(row) if row else None


@dataclass(frozen=True)
class OutletCount:
    outlet: str | None
    count: int


def speaker_outlets(session: Session, speaker_id: int) -> list[OutletCount]:
    """How many of a speaker's quotes each outlet printed, most first."""
    rows = session.execute(
        select(ArticleRow.outlet, func.count(QuoteRow.id))
        .join(QuoteRow, QuoteRow.article_id == ArticleRow.id)
        .where(QuoteRow.speaker_id == speaker_id, QuoteRow.status == ACCEPTED)
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
