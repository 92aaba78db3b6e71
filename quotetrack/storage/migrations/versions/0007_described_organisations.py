"""described organisations per article: "Malaysia's transport ministry" is not a name

Issue 19 (session 4). Earlier ingests keyed an organisation by its name even when the name
was a description in the article's own words ("Malaysia's transport ministry", "Yonhap news
agency", "the M5S party": a common noun in lower case), so two articles' descriptions became
one archive speaker. The ingest now shares an organisation only under a proper name
(identity.organization_keys). The upgrade, on data only (no schema change):

1. a shared organisation named by a description and answering to no proper name gets one
   speaker per article it is quoted in (the first article keeps the speaker), with an
   article-scoped key, as 0006 did for common-noun organisations;
2. a shared organisation named by a description but also answering to a proper name
   ("ICE") stays shared under that name; its description key goes.

Every speaker made local, split or re-keyed gets an audit-log entry (key name "migration
0007"). Nothing is deleted but the description keys. Downgrade is a no-op: the data suit
0006's schema as they are.

Like 0006 it uses Core statements on the tables as they stand, and the name rules of
quotetrack.attribution.names and quotetrack.storage.identity (pure functions), the same the
ingest uses.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 19:30:00
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from quotetrack.attribution.names import fold, is_description, slugify
from quotetrack.storage.identity import folded_name, is_proper_name

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

KEY_NAME = "migration 0007"

speakers = sa.table(
    "speakers",
    sa.column("id", sa.Integer),
    sa.column("slug", sa.String),
    sa.column("name", sa.String),
    sa.column("kind", sa.String),
    sa.column("titles", sa.JSON),
    sa.column("article_id", sa.Integer),
    sa.column("ambiguous", sa.Boolean),
    sa.column("wikidata_id", sa.String),
    sa.column("merged_into_id", sa.Integer),
)
aliases = sa.table(
    "speaker_aliases",
    sa.column("id", sa.Integer),
    sa.column("speaker_id", sa.Integer),
    sa.column("alias", sa.String),
    sa.column("folded", sa.String),
)
keys = sa.table("speaker_keys", sa.column("key", sa.String), sa.column("speaker_id", sa.Integer))
quotes = sa.table(
    "quotes", sa.column("id", sa.Integer), sa.column("speaker_id", sa.Integer), sa.column("article_id", sa.Integer)
)
claims = sa.table(
    "claims",
    sa.column("id", sa.Integer),
    sa.column("quote_id", sa.Integer),
    sa.column("speaker_id", sa.Integer),
    sa.column("statement_id", sa.Integer),
)
statements = sa.table("statements", sa.column("id", sa.Integer), sa.column("speaker_id", sa.Integer))
shingles = sa.table("claim_shingles", sa.column("claim_id", sa.Integer), sa.column("speaker_id", sa.Integer))
decisions = sa.table(
    "identity_decisions",
    sa.column("id", sa.Integer),
    sa.column("speaker_id", sa.Integer),
    sa.column("article_id", sa.Integer),
)
overrides = sa.table(
    "quote_overrides",
    sa.column("id", sa.Integer),
    sa.column("speaker_id", sa.Integer),
    sa.column("article_id", sa.Integer),
)
audit = sa.table(
    "audit_log",
    sa.column("at", sa.DateTime),
    sa.column("key_name", sa.String),
    sa.column("action", sa.String),
    sa.column("target", sa.String),
    sa.column("before", sa.JSON),
    sa.column("after", sa.JSON),
)


def upgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(
        sa.select(speakers.c.id, speakers.c.name, speakers.c.titles)
        .where(speakers.c.kind == "organization", speakers.c.article_id.is_(None), speakers.c.merged_into_id.is_(None))
        .order_by(speakers.c.id)
    ).all()
    for row in rows:
        if not is_description(row.name):
            continue
        names = connection.scalars(sa.select(aliases.c.alias).where(aliases.c.speaker_id == row.id)).all()
        if any(is_proper_name(n) and not is_description(n) and not n.startswith("@") for n in names):
            _drop_description_key(connection, row.id, row.name)
        else:
            _split_per_article(connection, row)


def downgrade() -> None:
    """Nothing to undo in the schema; the data suit 0006 as they are."""


# -- the two cases ----------------------------------------------------------------------------
def _drop_description_key(connection, speaker_id: int, name: str) -> None:
    key = f"organization:{folded_name(name)}"
    held = connection.scalar(sa.select(keys.c.speaker_id).where(keys.c.key == key))
    if held != speaker_id:
        return
    connection.execute(keys.delete().where(keys.c.key == key))
    _audit(connection, "speaker.migration_rekey", speaker_id, {"keys": [key]}, {"keys": []})


def _split_per_article(connection, row) -> None:
    """Two articles' "transport ministry" quoted under one speaker: one speaker per article."""
    articles = sorted(
        connection.scalars(sa.select(quotes.c.article_id).where(quotes.c.speaker_id == row.id).distinct()).all()
    )
    if not articles:
        return  # quoted nowhere (its quotes were re-extracted away): left as it is
    connection.execute(keys.delete().where(keys.c.speaker_id == row.id, keys.c.key.like("organization:%")))
    first, *others = articles
    connection.execute(speakers.update().where(speakers.c.id == row.id).values(article_id=first))
    _claim_key(connection, row.id, _local_key(first, row.name))
    _audit(
        connection, "speaker.migration_local", row.id, {"article_id": None, "articles": articles}, {"article_id": first}
    )
    for article_id in others:
        new_id = connection.execute(
            speakers.insert()
            .values(
                slug=_unique_slug(connection, row.name),
                name=row.name,
                kind="organization",
                titles=list(row.titles or []),
                article_id=article_id,
                ambiguous=False,
            )
            .returning(speakers.c.id)
        ).scalar_one()
        _add_aliases(connection, new_id, [row.name])
        _claim_key(connection, new_id, _local_key(article_id, row.name))
        moved = connection.scalars(
            sa.select(quotes.c.id).where(quotes.c.speaker_id == row.id, quotes.c.article_id == article_id)
        ).all()
        _move(connection, row.id, new_id, quote_ids=list(moved), article_id=article_id)
        _audit(
            connection,
            "speaker.migration_split",
            new_id,
            {"speaker": row.id, "article_id": article_id},
            {"speaker": new_id, "article_id": article_id, "quotes": sorted(moved)},
        )


# -- helpers (0006's, kept here so a later change to 0006 cannot alter this upgrade) ------------
def _move(connection, source: int, into: int, quote_ids: list[int], article_id: int) -> None:
    """These quotes, with their claims and shingles; statements all of whose claims moved;
    the article's decisions and overrides."""
    claim_ids = connection.scalars(
        sa.select(claims.c.id).where(claims.c.speaker_id == source, claims.c.quote_id.in_(quote_ids))
    ).all()
    connection.execute(quotes.update().where(quotes.c.id.in_(quote_ids)).values(speaker_id=into))
    if claim_ids:
        connection.execute(claims.update().where(claims.c.id.in_(claim_ids)).values(speaker_id=into))
        connection.execute(shingles.update().where(shingles.c.claim_id.in_(claim_ids)).values(speaker_id=into))
    # A split: statements all of whose claims moved go along; the article's decisions and overrides too.
    for statement_id in {
        s for s in connection.scalars(sa.select(claims.c.statement_id).where(claims.c.id.in_(claim_ids))) if s
    }:
        speakers_of = set(
            connection.scalars(sa.select(claims.c.speaker_id).where(claims.c.statement_id == statement_id))
        )
        if speakers_of == {into}:
            connection.execute(statements.update().where(statements.c.id == statement_id).values(speaker_id=into))
    connection.execute(
        decisions.update()
        .where(decisions.c.speaker_id == source, decisions.c.article_id == article_id)
        .values(speaker_id=into)
    )
    connection.execute(
        overrides.update()
        .where(overrides.c.speaker_id == source, overrides.c.article_id == article_id)
        .values(speaker_id=into)
    )


def _add_aliases(connection, speaker_id: int, names: list[str]) -> None:
    known = set(connection.scalars(sa.select(aliases.c.folded).where(aliases.c.speaker_id == speaker_id)))
    for name in names:
        if name and fold(name) not in known:
            connection.execute(aliases.insert().values(speaker_id=speaker_id, alias=name, folded=fold(name)))
            known.add(fold(name))


def _claim_key(connection, speaker_id: int, key: str) -> None:
    if connection.scalar(sa.select(keys.c.speaker_id).where(keys.c.key == key)) is None:
        connection.execute(keys.insert().values(key=key, speaker_id=speaker_id))


def _local_key(article_id: int, name: str) -> str:
    return f"local:{article_id}:organization:{folded_name(name) or fold(name)}"


def _unique_slug(connection, name: str) -> str:
    base = slugify(name)
    slug, n = base, 1
    while connection.scalar(sa.select(speakers.c.id).where(speakers.c.slug == slug)) is not None:
        n += 1
        slug = f"{base}-{n}"
    return slug


def _audit(connection, action: str, speaker_id: int, before: dict, after: dict) -> None:
    connection.execute(
        audit.insert().values(
            at=datetime.now(UTC),
            key_name=KEY_NAME,
            action=action,
            target=f"speaker:{speaker_id}",
            before=before,
            after=after,
        )
    )
