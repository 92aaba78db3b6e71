"""The Alembic migrations against the models, and the claims migration (0005) on stored data,
on SQLite and, when a server is configured, PostgreSQL."""

from __future__ import annotations

from datetime import date

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import select, text

from quotetrack.quotes import extract_quotes
from quotetrack.service import store_article
from quotetrack.sources.files import read_path
from quotetrack.storage.models import Base, ClaimRow, QuoteRow
from quotetrack.types import Article

from .conftest import SEEDS


def test_the_migrations_build_the_schema_the_models_describe(db):
    with db.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


@pytest.mark.model
def test_the_claims_migration_keeps_every_statement_and_link(db, nlp):
    for item in read_path(SEEDS):
        with db.transaction() as session:
            store_article(session, item.article, extract_quotes(item.article.text, nlp)[0], "test")
    with db.reading() as session:
        first_claims = {
            q.id: (q.claims[0].statement_id, q.claims[0].relation) for q in session.scalars(select(QuoteRow))
        }
    db.downgrade("0004")
    with db.engine.connect() as connection:
        rows = connection.execute(text("SELECT id, statement_id, relation FROM quotes")).all()
    assert {row.id: (row.statement_id, row.relation) for row in rows} == first_claims

    db.migrate()
    with db.reading() as session:
        claims = list(session.scalars(select(ClaimRow)))
        assert sorted(c.id for c in claims) == sorted(first_claims)  # one claim per quote, with its id
        assert {c.quote_id: (c.statement_id, c.relation) for c in claims} == first_claims
        assert all(c.text == c.quote.text and c.speaker_id == c.quote.speaker_id for c in claims)
    # New claims draw ids after the copied ones, and link to the migrated statements.
    article = Article(
        "Either she helps us or she gets the hell out of the way, because we will, Tom Homan said on Friday.",
        outlet="Test outlet",
        url="https://example.org/after-migration",
        published=date(2024, 11, 22),
    )
    with db.transaction() as session:
        store_article(session, article, extract_quotes(article.text, nlp)[0], "test")
    with db.reading() as session:
        new = session.scalar(select(ClaimRow).join(ClaimRow.quote).where(QuoteRow.text.startswith("Either she")))
        statement = new.statement
        assert statement is not None and statement.outlet_count == 3


@pytest.mark.model
def test_the_public_ids_migration_keeps_every_row_and_never_gives_an_id_twice(db, nlp):
    db.downgrade("0012")
    later = "ALTER TABLE identity_decisions {} surname"  # today's models write 0014's column: lent for the stores
    with db.engine.begin() as connection:
        connection.execute(text(later.format("ADD COLUMN") + " VARCHAR(300)"))
    for item in read_path(SEEDS):
        with db.transaction() as session:
            store_article(session, item.article, extract_quotes(item.article.text, nlp)[0], "test")
    with db.engine.begin() as connection:
        connection.execute(text(later.format("DROP COLUMN")))
    tables = ("articles", "speakers", "statements", "quotes", "claims")

    def snapshot():
        with db.engine.connect() as connection:
            return {t: connection.execute(text(f"SELECT * FROM {t} ORDER BY id")).all() for t in tables}

    before = snapshot()
    db.migrate()
    assert snapshot() == before
    with db.engine.connect() as connection:
        if db.dialect == "sqlite":
            for table in tables:
                sql = connection.execute(text("SELECT sql FROM sqlite_master WHERE name = :t"), {"t": table}).scalar()
                assert "AUTOINCREMENT" in sql
            assert connection.execute(text("PRAGMA integrity_check")).all() == [("ok",)]
            assert connection.execute(text("PRAGMA foreign_key_check")).all() == []
        newest = connection.execute(text("SELECT max(id) FROM quotes")).scalar()
    with db.transaction() as session:
        session.execute(text("DELETE FROM quotes WHERE id = :id"), {"id": newest})
    article = Article("“The ferry runs all winter,” Mara Quell said.", url="https://example.org/after-0013")
    with db.transaction() as session:
        store_article(session, article, extract_quotes(article.text, nlp)[0], "test")
    with db.reading() as session:
        assert session.scalar(select(QuoteRow.id).where(QuoteRow.text.startswith("The ferry"))) > newest
