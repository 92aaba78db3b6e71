"""The only place ORM rows and dataclasses meet: saves and queries for the service and API."""

from __future__ import annotations

import hashlib
import re
from datetime import date

from sqlalchemy import Select, func, or_, select
from sqlalchemy.orm import Session, selectinload

from ..attribution.names import fold, person_key, slugify
from ..statements import link_quotes
from ..types import Article, Quote, Speaker, SpeakerKind, StoredArticle, StoredQuote, StoredSpeaker
from .models import ArticleRow, QuoteRow, SpeakerAliasRow, SpeakerRow


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def fold_words(text: str) -> str:
    """Lowercase letters and digits separated by single spaces: the search form of a text."""
    return " ".join(re.findall(r"[a-z0-9]+", fold(text.replace("’", "'").replace("'", ""))))


def identity(speaker: Speaker) -> str:
    if speaker.kind is SpeakerKind.PERSON:
        first, last = person_key(speaker.name)
        return f"person:{first}|{last}"
    return f"{speaker.kind.value}:{fold_words(speaker.name)}"


# -- speakers ---------------------------------------------------------------------------------
def _unique_slug(session: Session, name: str) -> str:
    base = slugify(name)
    slug, n = base, 1
    while session.scalar(select(SpeakerRow.id).where(SpeakerRow.slug == slug)) is not None:
        n += 1
        slug = f"{base}-{n}"
    return slug


def _same_surname(session: Session, last: str) -> list[SpeakerRow]:
    return list(session.scalars(select(SpeakerRow).where(SpeakerRow.identity.like(f"person:%|{last}"))))


def _find_speaker(session: Session, speaker: Speaker) -> SpeakerRow | None:
    key = identity(speaker)
    row = session.scalar(select(SpeakerRow).where(SpeakerRow.identity == key))
    if row is not None or speaker.kind is not SpeakerKind.PERSON:
        return row
    first, last = person_key(speaker.name)
    namesakes = _same_surname(session, last)
    if not first:  # surname only: the one person of that surname on record, if just one
        return namesakes[0] if len(namesakes) == 1 else None
    surname_only = [r for r in namesakes if r.identity == f"person:|{last}"]
    if len(surname_only) == 1 and len(namesakes) == 1:  # now we learn the full name
        surname_only[0].identity = key
        surname_only[0].name = speaker.name
        return surname_only[0]
    return None


def upsert_speaker(session: Session, speaker: Speaker) -> SpeakerRow:
    row = _find_speaker(session, speaker)
    if row is None:
        row = SpeakerRow(
            slug=_unique_slug(session, speaker.name),
            name=speaker.name,
            kind=speaker.kind.value,
            identity=identity(speaker),
            titles=[],
        )
        session.add(row)
    elif len(speaker.name) > len(row.name) and speaker.kind is SpeakerKind.PERSON:
        row.name = speaker.name  # the fullest form: "Patricia H. Hyde" over "Patricia Hyde"
    row.titles = list(dict.fromkeys([*row.titles, *speaker.titles]))
    known = {a.folded for a in row.aliases}
    for alias in (speaker.name, *speaker.aliases):
        if fold(alias) not in known:
            row.aliases.append(SpeakerAliasRow(alias=alias, folded=fold(alias)))
            known.add(fold(alias))
    session.flush()
    return row


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
    orphaned = {q.statement_id for q in row.quotes if q.statement_id is not None}
    row.quotes.clear()
    session.flush()
    for quote in quotes:
        speaker = upsert_speaker(session, quote.speaker) if quote.speaker is not None else None
        row.quotes.append(
            QuoteRow(
                speaker=speaker,
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
    link_quotes(session, list(row.quotes), orphaned)
    return row, created


# -- reading --------------------------------------------------------------------------------------
def to_article(row: ArticleRow, quote_count: int | None) -> StoredArticle:
    return StoredArticle(
        row.id, row.url, row.outlet, row.title, row.author, row.published, row.model_versions, quote_count
    )


def to_speaker(row: SpeakerRow, quote_count: int = 0) -> StoredSpeaker:
    return StoredSpeaker(
        row.id,
        row.slug,
        row.name,
        row.kind,
        tuple(row.titles),
        tuple(a.alias for a in row.aliases if a.alias != row.name),
        quote_count,
    )


def to_quote(row: QuoteRow) -> StoredQuote:
    article = row.article
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
        fragments=tuple(tuple(f) for f in row.fragments),
        statement_id=row.statement_id,
        relation=row.relation,
        similarity=row.similarity,
    )


def get_article(session: Session, article_id: int) -> ArticleRow | None:
    return session.get(ArticleRow, article_id)


def article_quotes(session: Session, article_id: int) -> list[StoredQuote]:
    rows = session.scalars(_quote_query().where(QuoteRow.article_id == article_id).order_by(QuoteRow.start))
    return [to_quote(r) for r in rows]


def list_speakers(
    session: Session, query: str | None, kind: str | None, page: int, per_page: int
) -> tuple[list[StoredSpeaker], int]:
    counts = select(QuoteRow.speaker_id, func.count(QuoteRow.id).label("n")).group_by(QuoteRow.speaker_id).subquery()
    statement = select(SpeakerRow, func.coalesce(counts.c.n, 0)).outerjoin(counts, counts.c.speaker_id == SpeakerRow.id)
    if query:
        like = f"%{fold(query)}%"
        aliases = select(SpeakerAliasRow.speaker_id).where(SpeakerAliasRow.folded.like(like))
        statement = statement.where(or_(func.lower(SpeakerRow.name).like(like), SpeakerRow.id.in_(aliases)))
    if kind:
        statement = statement.where(SpeakerRow.kind == kind)
    total = session.scalar(select(func.count()).select_from(statement.subquery()))
    rows = session.execute(
        statement.options(selectinload(SpeakerRow.aliases))
        .order_by(func.coalesce(counts.c.n, 0).desc(), SpeakerRow.name)
        .offset((page - 1) * per_page)
        .limit(per_page)
    )
    return [to_speaker(row, n) for row, n in rows], total


def get_speaker(session: Session, id_or_slug: str) -> StoredSpeaker | None:
    condition = SpeakerRow.id == int(id_or_slug) if id_or_slug.isdigit() else SpeakerRow.slug == id_or_slug
    row = session.scalar(select(SpeakerRow).where(condition))
    if row is None:
        return None
    count = session.scalar(select(func.count(QuoteRow.id)).where(QuoteRow.speaker_id == row.id))
    return to_speaker(row, count)


def _quote_query() -> Select:
    return (
        select(QuoteRow)
        .join(ArticleRow)
        .options(selectinload(QuoteRow.article), selectinload(QuoteRow.speaker).selectinload(SpeakerRow.aliases))
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
    """Quotes matching every filter. `text`: every word must occur in the wording."""
    statement = _quote_query()
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
    total = session.scalar(select(func.count()).select_from(statement.with_only_columns(QuoteRow.id).subquery()))
    rows = session.scalars(
        statement.order_by(ArticleRow.published.desc(), QuoteRow.id).offset((page - 1) * per_page).limit(per_page)
    )
    return [to_quote(r) for r in rows], total


def get_quote(session: Session, quote_id: int) -> StoredQuote | None:
    row = session.scalar(_quote_query().where(QuoteRow.id == quote_id))
    return to_quote(row) if row else None
