"""Ingest: normalize -> nlp -> extract -> attribute -> persist, one transaction per article."""

from __future__ import annotations

from dataclasses import dataclass

from spacy.language import Language
from sqlalchemy.exc import IntegrityError

from .errors import InvalidInput
from .nlp import pipeline_versions
from .quotes import extract_quotes
from .storage import Database, repository
from .types import Article, Quote, StoredArticle, StoredQuote

# Two ingests creating the same new speaker at once: the second fails on the unique
# identity key and succeeds on a retry, now finding the first one's speaker.
SAVE_ATTEMPTS = 3


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


def _stored(db: Database, article_id: int, created: bool) -> IngestResult:
    with db.reading() as session:
        row = repository.get_article(session, article_id)
        if row is None:
            raise LookupError(f"article {article_id} vanished")
        stored = repository.article_quotes(session, article_id)
        return IngestResult(repository.to_article(row, len(stored)), stored, created)


def _with_retries(db: Database, save) -> int:
    for attempt in range(SAVE_ATTEMPTS):
        try:
            with db.transaction() as session:
                return save(session)
        except IntegrityError:
            if attempt == SAVE_ATTEMPTS - 1:
                raise
    raise AssertionError("unreachable")


def ingest(article: Article, nlp: Language, db: Database, max_chars: int) -> IngestResult:
    """Store `article` and its quotes, all or nothing. The same article twice is stored once."""
    validate(article, max_chars)
    with db.reading() as session:
        existing = repository.find_article(session, article)
        if existing is not None and existing.text_sha256 == repository.text_hash(article.text):
            return _stored(db, existing.id, created=False)
    quotes = extract(article, nlp, max_chars)  # the slow part, outside the transaction
    created = False

    def save(session) -> int:
        nonlocal created
        row, created = repository.save_article(session, article, quotes, pipeline_versions(nlp))
        return row.id

    article_id = _with_retries(db, save)
    return _stored(db, article_id, created)


def reextract(article_id: int, nlp: Language, db: Database) -> IngestResult:
    """Run extraction again on a stored article (after the extractor changed): its quotes
    are replaced, editors' overrides applied again, other articles untouched."""
    with db.reading() as session:
        row = repository.get_article(session, article_id)
        if row is None:
            raise LookupError(f"no article {article_id}")
        text = row.text
    quotes, _ = extract_quotes(text, nlp)

    def save(session) -> int:
        row = repository.get_article(session, article_id)
        if row is None:
            raise LookupError(f"no article {article_id}")
        row.model_versions = pipeline_versions(nlp)
        repository.replace_quotes(session, row, quotes)
        return row.id

    return _stored(db, _with_retries(db, save), created=False)
