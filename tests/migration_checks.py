"""Migrating a stored archive down and up again, for the data migrations' tests."""

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import select

from quotetrack.storage.models import ClaimRow, QuoteRow


@contextmanager
def migrated_again(db, revision: str) -> Iterator[tuple]:
    """Down to `revision` and up to the newest again; yields (session, quotes) once it has
    checked that nothing was lost: every quote and its text, every claim, each claim under
    its quote's speaker."""
    with db.reading() as session:
        before = {q.id: q.text for q in session.scalars(select(QuoteRow))}
        claims_before = len(list(session.scalars(select(ClaimRow))))
    db.downgrade(revision)
    db.migrate()
    with db.reading() as session:
        quotes = list(session.scalars(select(QuoteRow)))
        assert {q.id: q.text for q in quotes} == before  # nothing lost
        assert len(list(session.scalars(select(ClaimRow)))) == claims_before
        assert all(c.speaker_id == q.speaker_id for q in quotes for c in q.claims)
        yield session, quotes
