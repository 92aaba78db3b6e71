"""Ingest: normalize -> nlp -> extract -> attribute -> persist, one transaction per article."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from spacy.language import Language
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import Session

from .errors import InvalidInput
from .nlp import pipeline_versions
from .quotes import extract_quotes
from .storage import Database, repository
from .types import Article, Quote, StoredArticle, StoredQuote

# A transaction that lost a race (two ingests creating one new speaker, a deadlock between
# two writers on PostgreSQL) is run again from the start: it then finds the winner's rows.
SAVE_ATTEMPTS = 5
_RETRYABLE_PG_CODES = {"40001", "40P01"}  # serialization failure, deadlock detected


@dataclass(frozen=True)
class IngestResult:
    article: StoredArticle
    quotes: list[StoredQuote]
    created: bool


def validate(article: Article, max_chars: int) -> None:
    errors: dict[str, list[str]] = {}
    if not article.text or not article.text.strip():
        errors["text"] = ["Article text is empty."]
    elif len(article.text) > max_chars:
        errors["text"] = [f"Article text is {len(article.text)} characters; the limit is {max_chars}."]
    if errors:
        raise InvalidInput("Invalid article.", errors)


def extract(article: Article, nlp: Language, max_chars: int) -> list[Quote]:
    validate(article, max_chars)
    quotes, _ = extract_quotes(article.text, nlp)
    return quotes


def _result(session, article_id: int, created: bool) -> IngestResult:
    row = repository.get_article(session, article_id)
    if row is None:
        raise LookupError(f"no article {article_id}")
    stored = repository.article_quotes(session, article_id)
    return IngestResult(repository.to_article(row, len(stored)), stored, created)


def _retryable(error: DBAPIError) -> bool:
    if isinstance(error, IntegrityError):
        return True
    code = getattr(error.orig, "sqlstate", None)
    return code in _RETRYABLE_PG_CODES or "database is locked" in str(error.orig)


def _with_retries(db: Database, unit_of_work: Callable[[Session], IngestResult]) -> IngestResult:
    for attempt in range(SAVE_ATTEMPTS):
        try:
            with db.transaction() as session:
                return unit_of_work(session)
        except (IntegrityError, OperationalError) as error:
            if attempt == SAVE_ATTEMPTS - 1 or not _retryable(error):
                raise
            time.sleep(random.uniform(0, 0.05 * 2**attempt))  # let the winner commit; no lock-step retries
    raise AssertionError("unreachable")


def ingest(
    article: Article, nlp: Language, db: Database, max_chars: int, key_name: str = repository.NO_KEY
) -> IngestResult:
    """Store `article` and its quotes and link them into statements: one unit of work, all or
    nothing. The same article twice is stored once (200 with the stored copy); a known URL
    with other text becomes the article's next revision. A change of stored metadata is
    audited under `key_name` (the API key, or the command that ingested)."""
    validate(article, max_chars)
    with db.reading() as session:  # a fast path only: save_article decides again under the constraints
        existing = repository.find_article(session, article)
        same_text = existing is not None and existing.text_sha256 == repository.text_hash(article.text)
        if existing is not None and same_text and not repository.metadata_corrected(existing, article):
            return _result(session, existing.id, created=False)
    quotes = extract(article, nlp, max_chars)  # the slow part, outside the transaction
    versions = pipeline_versions(nlp)

    def unit_of_work(session: Session) -> IngestResult:
        row, created = repository.save_article(session, article, quotes, versions, key_name)
        session.flush()
        return _result(session, row.id, created)

    return _with_retries(db, unit_of_work)


def reextract(article_id: int, nlp: Language, db: Database) -> IngestResult:
    """Run extraction again on a stored article (after the extractor changed): its quotes
    are replaced, editors' overrides applied again, other articles untouched."""
    with db.reading() as session:
        row = repository.get_article(session, article_id)
        if row is None:
            raise LookupError(f"no article {article_id}")
        text = row.text
    quotes, _ = extract_quotes(text, nlp)

    def unit_of_work(session: Session) -> IngestResult:
        row = repository.get_article(session, article_id)
        if row is None:
            raise LookupError(f"no article {article_id}")
        row.model_versions = pipeline_versions(nlp)
        repository.replace_quotes(session, row, quotes)
        session.flush()
        return _result(session, row.id, created=False)

    return _with_retries(db, unit_of_work)
