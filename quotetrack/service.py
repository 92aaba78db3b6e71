"""Ingest: normalize -> nlp -> extract -> attribute -> persist, one transaction per article."""

from __future__ import annotations

from dataclasses import dataclass

from spacy.language import Language

from .errors import InvalidInput
from .nlp import pipeline_versions
from .quotes import extract_quotes
from .storage import Database, repository
from .types import Article, Quote, StoredArticle, StoredQuote


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


def ingest(article: Article, nlp: Language, db: Database, max_chars: int) -> IngestResult:
    """Store `article` and its quotes, all or nothing. The same article twice is stored once."""
    validate(article, max_chars)
    with db.reading() as session:
        existing = repository.find_article(session, article)
        if existing is not None and existing.text_sha256 == repository.text_hash(article.text):
            return IngestResult(
                repository.to_article(existing, len(existing.quotes)),
                repository.article_quotes(session, existing.id),
                created=False,
            )
    quotes = extract(article, nlp, max_chars)  # the slow part, outside the transaction
    with db.transaction() as session:
        row, created = repository.save_article(session, article, quotes, pipeline_versions(nlp))
        article_id = row.id
    with db.reading() as session:
        stored = repository.article_quotes(session, article_id)
        row = repository.get_article(session, article_id)
        return IngestResult(repository.to_article(row, len(stored)), stored, created)
