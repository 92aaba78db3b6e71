"""Writing articles: find or insert one race-proof, the revision rules (same text, new text at
a known URL), metadata corrections and their audit trail. Quotes are written by quote_writes.py;
the order of the steps is the service's (quotetrack/service.py)."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..types import Article, QuoteStatus
from .models import ArticleRevisionRow, ArticleRow, AuditRow, QuoteRow
from .text_forms import text_hash

# The audit log's key name for an ingest made without an API key (a library call).
NO_KEY = "(no key)"

# Article fields an ingest or an editor may set without touching the text (and its quotes).
ARTICLE_METADATA = ("outlet", "title", "author", "published")


@dataclass(frozen=True)
class FoundArticle:
    row: ArticleRow
    inserted: bool  # a new article (revision 1, no quotes yet); else the stored one, row-locked


def find_article(session: Session, article: Article, for_update: bool = False) -> ArticleRow | None:
    """The stored copy of `article`: same URL, or same text when it has no URL. `for_update`
    locks its row (PostgreSQL) so concurrent revisions of one article queue up."""
    if article.url:
        statement = select(ArticleRow).where(ArticleRow.url == article.url)
    else:
        statement = select(ArticleRow).where(
            ArticleRow.url.is_(None), ArticleRow.text_sha256 == text_hash(article.text)
        )
    if for_update:
        statement = statement.with_for_update().execution_options(populate_existing=True)
    return session.scalar(statement)


def article_row(session: Session, article_id: int, for_update: bool = False) -> ArticleRow | None:
    """The row itself, for the write path (reads get dataclasses: article_queries.py).
    `for_update` locks it (PostgreSQL; SQLite's writers are serialised at BEGIN IMMEDIATE) and
    reads it afresh, so a check of its revision holds until the transaction ends."""
    if not for_update:
        return session.get(ArticleRow, article_id)
    statement = (
        select(ArticleRow)
        .where(ArticleRow.id == article_id)
        .with_for_update()
        .execution_options(populate_existing=True)
    )
    return session.scalar(statement)


def find_or_insert(session: Session, article: Article, versions: str) -> FoundArticle:
    """The stored article (locked), or a new one with its first revision, in the caller's
    transaction. Race-proof without read-then-write: the insert relies on the unique URL (or
    text) and, when a concurrent ingest won, re-reads its row; revisions of one article queue
    on its row lock."""
    digest = text_hash(article.text)
    row = find_article(session, article, for_update=True)
    if row is not None:
        return FoundArticle(row, inserted=False)
    try:
        with session.begin_nested():  # a savepoint: losing the race leaves the transaction usable
            row = ArticleRow(url=article.url, text=article.text, text_sha256=digest, model_versions=versions)
            _set_metadata(row, article)
            session.add(row)
            session.flush()
    except IntegrityError:
        row = find_article(session, article, for_update=True)
        if row is None:
            raise
        return FoundArticle(row, inserted=False)
    session.add(
        ArticleRevisionRow(article=row, number=1, text=article.text, text_sha256=digest, model_versions=versions)
    )
    return FoundArticle(row, inserted=True)


def same_text(row: ArticleRow, article: Article) -> bool:
    return row.text_sha256 == text_hash(article.text)


def metadata_corrected(row: ArticleRow, article: Article) -> bool:
    """Does a re-post of the stored text carry metadata that differs from what is stored?"""
    return any(
        getattr(article, name) is not None and getattr(article, name) != getattr(row, name) for name in ARTICLE_METADATA
    )


def correct_metadata(session: Session, row: ArticleRow, article: Article, key_name: str) -> None:
    """The same text with corrected metadata (a fixed title or date): the fields sent win."""
    before = _metadata_state(row)
    _set_metadata(row, article, only_given=True)
    _audit_metadata(session, row, before, key_name)


def live_quotes(row: ArticleRow) -> list[QuoteRow]:
    """The current revision's accepted quotes: those in statements and look-ups."""
    return [q for q in row.quotes if q.revision == row.revision and q.status == QuoteStatus.ACCEPTED]


def mark_superseded(quotes: list[QuoteRow]) -> None:
    """A new revision's predecessors keep their rows, speakers and offsets and stay readable by id."""
    for quote in quotes:
        quote.status = QuoteStatus.SUPERSEDED


def start_revision(
    session: Session, row: ArticleRow, article: Article, versions: str, key_name: str, replaced: int
) -> None:
    """Make `article`'s text the stored article's next revision (its quotes are added after).
    Audited as `article.revision` under `key_name`: a new text replaces every live quote of
    the article (`replaced` of them), so who did it and when is on record; metadata changes go
    in the same entry."""
    before = {**_metadata_state(row), "text_sha256": row.text_sha256, "live_quotes": replaced}
    digest = text_hash(article.text)
    row.revision += 1
    row.text, row.text_sha256, row.model_versions = article.text, digest, versions
    # A feed re-posting a corrected story often sends only url and text: a field left out keeps
    # its stored value (a revision is new text, not new metadata). PATCH clears a field.
    _set_metadata(row, article, only_given=True)
    after = {**_metadata_state(row), "text_sha256": digest}
    session.add(
        AuditRow(key_name=key_name, action="article.revision", target=f"article:{row.id}", before=before, after=after)
    )
    session.add(
        ArticleRevisionRow(
            article=row, number=row.revision, text=article.text, text_sha256=digest, model_versions=versions
        )
    )


def audit_reextraction(session: Session, row: ArticleRow, versions: str, outcome: dict, key_name: str) -> None:
    """A re-extraction replaces an article's quotes: audited as `article.reextract` under
    `key_name`, with the models before and after and what became of the quotes (`outcome`)."""
    before = {"revision": row.revision, "model_versions": row.model_versions}
    after = {"revision": row.revision, "model_versions": versions, **outcome}
    session.add(
        AuditRow(key_name=key_name, action="article.reextract", target=f"article:{row.id}", before=before, after=after)
    )


def update_article_metadata(session: Session, article_id: int, changes: dict) -> tuple[dict, dict] | None:
    """Set an article's outlet, title, author or date (None clears); (before, after), or None
    when there is no such article. The text, and so every quote's offsets, never change here."""
    row = article_row(session, article_id)
    if row is None:
        return None
    before = {name: _plain(getattr(row, name)) for name in ARTICLE_METADATA}
    for name in ARTICLE_METADATA:
        if name in changes:
            setattr(row, name, changes[name])
    session.flush()
    return before, {name: _plain(getattr(row, name)) for name in ARTICLE_METADATA}


def _set_metadata(row: ArticleRow, article: Article, only_given: bool = False) -> None:
    for name in ARTICLE_METADATA:
        value = getattr(article, name)
        if value is not None or not only_given:
            setattr(row, name, value)


def _metadata_state(row: ArticleRow) -> dict:
    return {"revision": row.revision, **{name: _plain(getattr(row, name)) for name in ARTICLE_METADATA}}


def _audit_metadata(session: Session, row: ArticleRow, before: dict, key_name: str) -> None:
    """An ingest that changed the stored metadata leaves the same trace as an editor's PATCH:
    who, when, before and after (a re-posted story could otherwise retitle an article unseen)."""
    after = _metadata_state(row)
    if any(before[name] != after[name] for name in ARTICLE_METADATA):
        session.add(
            AuditRow(key_name=key_name, action="article.ingest", target=f"article:{row.id}", before=before, after=after)
        )


def _plain(value):
    return value.isoformat() if hasattr(value, "isoformat") else value
