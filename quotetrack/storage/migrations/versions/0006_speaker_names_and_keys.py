"""speaker names and keys: titles off stored names, keys from normalised names

Issue 19. Earlier ingests stored titles inside people's names ("Councilmember Dana Reyes"),
keyed people by a title-bearing or particle-cut name, and shared organisations named only
by common nouns ("Hospital") across articles. The upgrade, on data only (no schema change):

1. splits titles off every person's stored name into its titles; the old name stays an alias;
2. gives each organisation named only by common nouns one speaker per article it is quoted
   in (the first article keeps the speaker), with an article-scoped key;
3. rebuilds every shared person's identity key from the normalised name; two speakers that
   now have one key are merged into the older one, as an editor's merge would: quotes,
   claims, statements, decisions and overrides move, names become aliases, and the merged
   speaker stays (merged_into) so its slug still resolves.

Every speaker renamed, split or merged gets an audit-log entry (key name "migration 0006").
Nothing is deleted except the shared keys of common-noun organisations. Downgrade is a no-op: the clean names and
new keys are valid under 0005's schema.

It uses Core statements on the tables as 0005 left them, so later schema changes do not
alter what it does; the name rules come from quotetrack.attribution.names and
quotetrack.storage.identity (pure functions), the same the ingest uses.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 16:20:00
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from quotetrack.attribution.names import canonical_person, fold, is_common_noun_phrase, slugify
from quotetrack.storage.identity import folded_name, person_key, person_name

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

KEY_NAME = "migration 0006"

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
    _split_titles(connection)
    _split_common_noun_organisations(connection)
    _rebuild_person_keys(connection)


def downgrade() -> None:
    """Nothing to undo in the schema; the clean names and keys suit 0005 as they are."""


# -- the three steps ------------------------------------------------------------------------
def _split_titles(connection) -> None:
    rows = connection.execute(
        sa.select(speakers.c.id, speakers.c.name, speakers.c.titles).where(speakers.c.kind == "person")
    ).all()
    for row in rows:
        titles, name = canonical_person(row.name)
        if not titles or not name or name == row.name:
            continue
        new_titles = list(dict.fromkeys([*titles, *(row.titles or [])]))
        connection.execute(speakers.update().where(speakers.c.id == row.id).values(name=name, titles=new_titles))
        _add_aliases(connection, row.id, [row.name, name])
        _audit(
            connection,
            "speaker.migration_rename",
            row.id,
            {"name": row.name, "titles": list(row.titles or [])},
            {"name": name, "titles": new_titles},
        )


def _split_common_noun_organisations(connection) -> None:
    """ "Hospital" shared by two articles' officials: one speaker per article."""
    rows = connection.execute(
        sa.select(speakers.c.id, speakers.c.name, speakers.c.slug, speakers.c.titles).where(
            speakers.c.kind == "organization", speakers.c.article_id.is_(None), speakers.c.merged_into_id.is_(None)
        )
    ).all()
    for row in rows:
        if not is_common_noun_phrase(row.name):
            continue
        articles = sorted(
            connection.scalars(sa.select(quotes.c.article_id).where(quotes.c.speaker_id == row.id).distinct()).all()
        )
        connection.execute(keys.delete().where(keys.c.speaker_id == row.id, keys.c.key.like("organization:%")))
        if not articles:
            continue
        first, *others = articles
        connection.execute(speakers.update().where(speakers.c.id == row.id).values(article_id=first))
        _claim_key(connection, row.id, _local_key(first, row.name))
        _audit(
            connection,
            "speaker.migration_local",
            row.id,
            {"article_id": None, "articles": articles},
            {"article_id": first},
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


def _rebuild_person_keys(connection) -> None:
    """Each shared person gains the key of its normalised name; a key another speaker
    already holds means one person: the newer speaker is merged into the holder. Older keys
    stay (an editor's merge left the merged speaker's key with the survivor)."""
    rows = connection.execute(
        sa.select(speakers.c.id, speakers.c.name)
        .where(speakers.c.kind == "person", speakers.c.article_id.is_(None), speakers.c.merged_into_id.is_(None))
        .order_by(speakers.c.id)
    ).all()
    merged: set[int] = set()
    for row in rows:
        if row.id in merged:
            continue
        person = person_name(row.name)
        if person is None or not person.first:
            continue
        key = person_key(person)
        held = connection.scalar(sa.select(keys.c.speaker_id).where(keys.c.key == key))
        if held is None:
            _claim_key(connection, row.id, key)
        elif held != row.id:
            source, into = max(row.id, held), min(row.id, held)  # the older speaker stays
            _merge(connection, source, into, key)
            merged.add(source)
            if into == row.id:  # the holder was merged into this one: the key follows
                connection.execute(keys.update().where(keys.c.key == key).values(speaker_id=into))


# -- helpers --------------------------------------------------------------------------------
def _merge(connection, source: int, into: int, key: str) -> None:
    src = connection.execute(sa.select(speakers).where(speakers.c.id == source)).one()
    dst = connection.execute(sa.select(speakers).where(speakers.c.id == into)).one()
    before = {"source": _state(connection, source), "into": _state(connection, into)}
    _move(connection, source, into)
    # Its keys go along, so later articles naming it join the survivor.
    connection.execute(keys.update().where(keys.c.speaker_id == source).values(speaker_id=into))
    names = [src.name, *connection.scalars(sa.select(aliases.c.alias).where(aliases.c.speaker_id == source)).all()]
    _add_aliases(connection, into, names)
    titles = list(dict.fromkeys([*(dst.titles or []), *(src.titles or [])]))
    values: dict = {"titles": titles}
    if src.wikidata_id and not dst.wikidata_id:
        connection.execute(speakers.update().where(speakers.c.id == source).values(wikidata_id=None))
        values["wikidata_id"] = src.wikidata_id
    connection.execute(speakers.update().where(speakers.c.id == into).values(**values))
    connection.execute(speakers.update().where(speakers.c.id == source).values(merged_into_id=into, ambiguous=False))
    connection.execute(speakers.update().where(speakers.c.merged_into_id == source).values(merged_into_id=into))
    after = {"source": _state(connection, source), "into": _state(connection, into), "key": key}
    _audit(connection, "speaker.migration_merge", source, before, after)


def _move(
    connection, source: int, into: int, quote_ids: list[int] | None = None, article_id: int | None = None
) -> None:
    """Quotes (all, or these), with their claims, shingles, statements, decisions and overrides."""
    quote_filter = quotes.c.speaker_id == source
    if quote_ids is not None:
        quote_filter = sa.and_(quote_filter, quotes.c.id.in_(quote_ids))
    claim_ids = connection.scalars(
        sa.select(claims.c.id).where(
            claims.c.speaker_id == source, *([claims.c.quote_id.in_(quote_ids)] if quote_ids is not None else [])
        )
    ).all()
    connection.execute(quotes.update().where(quote_filter).values(speaker_id=into))
    if claim_ids:
        connection.execute(claims.update().where(claims.c.id.in_(claim_ids)).values(speaker_id=into))
        connection.execute(shingles.update().where(shingles.c.claim_id.in_(claim_ids)).values(speaker_id=into))
    if quote_ids is None:
        connection.execute(statements.update().where(statements.c.speaker_id == source).values(speaker_id=into))
        connection.execute(decisions.update().where(decisions.c.speaker_id == source).values(speaker_id=into))
        connection.execute(overrides.update().where(overrides.c.speaker_id == source).values(speaker_id=into))
        return
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


def _state(connection, speaker_id: int) -> dict:
    row = connection.execute(sa.select(speakers).where(speakers.c.id == speaker_id)).one()
    count = connection.scalar(sa.select(sa.func.count()).select_from(quotes).where(quotes.c.speaker_id == speaker_id))
    return {
        "name": row.name,
        "slug": row.slug,
        "titles": list(row.titles or []),
        "merged_into": row.merged_into_id,
        "quote_count": count,
    }


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
