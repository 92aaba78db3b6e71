"""Ingest: normalize -> nlp -> extract -> attribute, then in one transaction per article:
revisions -> identity -> overrides -> quote rows -> statements (store_article reads in that order).

Storage only persists and reads; this module decides the order of the steps and is the one
that calls statement linking (quotetrack/statements/linking.py) on what storage added."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import partial

from spacy.language import Language
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import Session

from .errors import InvalidInput, StaleText
from .nlp import pipeline_versions
from .quotes import extract_quotes
from .statements.linking import detach, link_quotes, relink
from .storage import (
    Database,
    article_queries,
    article_writes,
    overrides,
    quote_writes,
    speaker_identification,
    surname_joins,
)
from .storage.models import ArticleRow, QuoteRow
from .storage.quote_writes import AddedQuotes, Reextraction
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


def _result(session: Session, article_id: int, created: bool) -> IngestResult:
    article = article_queries.get_article(session, article_id)
    if article is None:
        raise LookupError(f"no article {article_id}")
    return IngestResult(article, article_queries.article_quotes(session, article_id), created)


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
    article: Article, nlp: Language, db: Database, max_chars: int, key_name: str = article_writes.NO_KEY
) -> IngestResult:
    """Store `article` and its quotes and link them into statements: one unit of work, all or
    nothing. The same article twice is stored once (200 with the stored copy); a known URL
    with other text becomes the article's next revision. A change of stored metadata is
    audited under `key_name` (the API key, or the command that ingested)."""
    validate(article, max_chars)
    with db.reading() as session:  # a fast path only: store_article decides again under the constraints
        existing = article_writes.find_article(session, article)
        if (
            existing is not None
            and article_writes.same_text(existing, article)
            and not article_writes.metadata_corrected(existing, article)
        ):
            return _result(session, existing.id, created=False)
    quotes, _ = extract_quotes(article.text, nlp)  # validated above; the slow part, outside the transaction
    versions = pipeline_versions(nlp)

    def unit_of_work(session: Session) -> IngestResult:
        stored = store_article(session, article, quotes, versions, key_name)
        session.flush()
        return _result(session, stored.article_id, stored.created)

    return _with_retries(db, unit_of_work)


@dataclass(frozen=True)
class StoredIngest:
    article_id: int
    created: bool  # a new article or a new revision; False: the same text again
    added: AddedQuotes | None  # None when the text was already stored


def store_article(
    session: Session, article: Article, quotes: list[Quote], versions: str, key_name: str = article_writes.NO_KEY
) -> StoredIngest:
    """The ingest's steps in the caller's transaction, in order. The same text again only
    corrects the metadata sent (the fields sent win, the others keep their stored values).
    New text at a known URL is a new revision: the previous revision's quotes become
    "superseded", leave their statements and look-ups, and stay readable by id."""
    # 0. The surnames it quotes, locked first: ingests revisiting one surname queue (step 6).
    surname_joins.lock_surnames(session, surname_joins.surnames_quoted(_speakers(quotes)))
    # 1. Revisions: the stored article (row-locked, so revisions of one article queue), or a new one.
    found = article_writes.find_or_insert(session, article, versions)
    row = found.row
    if not found.inserted:
        if article_writes.same_text(row, article):
            article_writes.correct_metadata(session, row, article, key_name)
            return StoredIngest(row.id, created=False, added=None)
        previous = article_writes.live_quotes(row)
        relink(session, previous, lambda: article_writes.mark_superseded(previous))
        article_writes.start_revision(session, row, article, versions, key_name, replaced=len(previous))
    # 2-6. Identity, overrides, the quote rows, statements, other articles' bare surnames.
    added = _add_quotes(session, row, quotes, key_name=key_name)
    return StoredIngest(row.id, created=True, added=added)


def _add_quotes(
    session: Session,
    row: ArticleRow,
    quotes: list[Quote],
    orphaned_statements: Collection[int] = frozenset(),
    previous_speakers: Collection[int] = frozenset(),
    reuse: dict[tuple[int, int], QuoteRow] | None = None,
    key_name: str = article_writes.NO_KEY,
) -> AddedQuotes:
    """The current revision's quotes, from their speakers to their statements.
    `orphaned_statements`, `previous_speakers`, `reuse`: what a re-extraction's replaced quotes
    left, and the rows of those it found again."""
    # 2. Identity: each quoted speaker found in (or added to) the archive, the decision recorded.
    identified = speaker_identification.identify_speakers(session, row, quotes)
    # 3. Overrides: the editors' corrections of this article win over what was identified.
    attributions = overrides.apply_overrides(session, row, quotes, identified)
    # 4. The rows; an article's own speakers its new text no longer quotes go.
    added = quote_writes.add_quotes(session, row, quotes, attributions, reuse)
    quote_writes.drop_unused_local_speakers(session, set(previous_speakers))
    # 5. Statements: the accepted quotes' claims linked (under per-speaker locks), and the
    # statements removed quotes left rebuilt.
    link_quotes(session, added.accepted, orphaned_statements)
    # 6. Bare surnames: other articles' bare uses of the surnames quoted here in full, decided
    # again on today's archive; quotes that change speaker move as an audited join (or apart).
    surnames = surname_joins.surnames_quoted(_speakers(quotes), in_full_only=True)
    for move in surname_joins.moves(session, surnames, row.id):
        relink(session, move.quotes, partial(surname_joins.move_quotes, move))
        surname_joins.record(session, move, key_name)
    return added


def _speakers(quotes: list[Quote]) -> list:
    return [s for q in quotes for s in (q.speaker, q.speaks_for)]


# A re-extraction whose article got a new revision meanwhile extracts the new text again; after
# this many such losses it answers 409 (a feed revising one article faster than it extracts).
REEXTRACT_ATTEMPTS = 3


def reextract(article_id: int, nlp: Language, db: Database, key_name: str = article_writes.NO_KEY) -> IngestResult:
    """Run extraction again on a stored article (after the extractor changed). A quote found
    again (same span) keeps its id; one not found again stays readable, superseded; editors'
    overrides apply again; other articles are untouched; the change is audited under `key_name`.
    The quotes are written only to the text they were extracted from: a revision that landed
    meanwhile is extracted in turn (StaleText, a 409, after REEXTRACT_ATTEMPTS)."""
    stale: StaleText | None = None
    for _ in range(REEXTRACT_ATTEMPTS):
        with db.reading() as session:
            stored = article_queries.get_article(session, article_id, with_text=True)
            if stored is None or stored.text is None:
                raise LookupError(f"no article {article_id}")
            revision, text = stored.revision, stored.text
        quotes, _ = extract_quotes(text, nlp)

        def unit_of_work(session: Session, revision: int = revision, quotes: list[Quote] = quotes) -> IngestResult:
            surname_joins.lock_surnames(session, surname_joins.surnames_quoted(_speakers(quotes)))
            row = article_writes.article_row(session, article_id, for_update=True)
            if row is None:
                raise LookupError(f"no article {article_id}")
            if row.revision != revision:
                raise StaleText(article_id, revision, row.revision)
            versions = pipeline_versions(nlp)
            outcome = replace_quotes(session, row, quotes, key_name)
            article_writes.audit_reextraction(session, row, versions, outcome.summary(), key_name)
            row.model_versions = versions
            session.flush()
            return _result(session, row.id, created=False)

        try:
            return _with_retries(db, unit_of_work)
        except StaleText as error:
            stale = error
    assert stale is not None
    raise stale


def replace_quotes(
    session: Session, row: ArticleRow, quotes: list[Quote], key_name: str = article_writes.NO_KEY
) -> Reextraction:
    """Give the current revision these quotes instead of its own (re-extraction): the same
    span keeps its quote row and id (its claims and statements made anew); a quote not found
    again is superseded, kept and readable by id. Earlier revisions' quotes are untouched."""
    current = quote_writes.current_quotes(row)
    orphaned = detach(session, current.rows)  # under the speakers' locks; statements rebuilt below
    kept = quote_writes.reusable(current, quotes)
    lost = quote_writes.supersede_lost(current, kept)
    session.flush()
    added = _add_quotes(session, row, quotes, orphaned, current.speaker_ids, reuse=kept, key_name=key_name)
    return Reextraction(added, tuple(lost), frozenset(q.id for q in kept.values()))
