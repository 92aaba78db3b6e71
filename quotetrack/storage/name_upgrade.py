"""The data steps of the name migrations (0006, 0007, 0009), on Core tables.

Issue 19. Each migration that re-applies the name rules to a stored archive does some of:
titles split off people's names (`split_titles`), person keys rebuilt with the speakers that
now share a key merged (`rebuild_person_keys`), and a shared organisation given one speaker
per article (`split_per_article`). Every speaker renamed, split or merged gets an audit-log
entry under the calling migration's key name; nothing is deleted.

The tables below name only the columns these steps read or write, as they stood at 0005
(later revisions only added columns), so a later schema change does not alter what an old
migration does. The name rules are name_upgrade_rules.py's, a frozen copy of the ingest's
(quotetrack.attribution.names, attribution.identity_rules, storage.identity) as they stood at
commit 6f9d220, so a later change to the ingest's rules does not rewrite what these migrations
did (issue #43 item 1). A change here changes every migration that calls it: keep what each
step does to the data as it is.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from quotetrack.storage.name_upgrade_rules import (
    canonical_person,
    draw_slug,
    fold,
    folded_name,
    person_key,
    person_name,
    slugify,
)

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
audit_log = sa.table(
    "audit_log",
    sa.column("at", sa.DateTime),
    sa.column("key_name", sa.String),
    sa.column("action", sa.String),
    sa.column("target", sa.String),
    sa.column("before", sa.JSON),
    sa.column("after", sa.JSON),
)


# -- the steps ----------------------------------------------------------------------------------
def split_titles(connection: Connection, key_name: str) -> None:
    """Every person's stored name loses its titles (and styles of address) to its titles under
    the current rules; the old name stays an alias. Each rename is audited."""
    rows = connection.execute(
        sa.select(speakers.c.id, speakers.c.name, speakers.c.titles).where(speakers.c.kind == "person")
    ).all()
    for row in rows:
        titles, name = canonical_person(row.name)
        if not titles or not name or name == row.name:
            continue
        new_titles = list(dict.fromkeys([*titles, *(row.titles or [])]))
        connection.execute(speakers.update().where(speakers.c.id == row.id).values(name=name, titles=new_titles))
        add_aliases(connection, row.id, [row.name, name])
        audit(
            connection,
            key_name,
            "speaker.migration_rename",
            row.id,
            {"name": row.name, "titles": list(row.titles or [])},
            {"name": name, "titles": new_titles},
        )


def rebuild_person_keys(connection: Connection, key_name: str) -> None:
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
            claim_key(connection, row.id, key)
        elif held != row.id:
            source, into = max(row.id, held), min(row.id, held)  # the older speaker stays
            merge(connection, source, into, key, key_name)
            merged.add(source)
            if into == row.id:  # the holder was merged into this one: the key follows
                connection.execute(keys.update().where(keys.c.key == key).values(speaker_id=into))


def quoted_in(connection: Connection, speaker_id: int) -> list[int]:
    """The articles the speaker is quoted in, in id order."""
    return sorted(
        connection.scalars(sa.select(quotes.c.article_id).where(quotes.c.speaker_id == speaker_id).distinct()).all()
    )


def drop_organisation_keys(connection: Connection, speaker_id: int) -> None:
    connection.execute(keys.delete().where(keys.c.speaker_id == speaker_id, keys.c.key.like("organization:%")))


def split_per_article(connection: Connection, row: Any, articles: list[int], key_name: str) -> None:
    """A shared organisation (row: id, name, titles) quoted in these articles becomes the
    first article's, under an article-scoped key; each other article gets a speaker of its
    own with its quotes. Each step is audited."""
    first, *others = articles
    connection.execute(speakers.update().where(speakers.c.id == row.id).values(article_id=first))
    claim_key(connection, row.id, local_key(first, row.name))
    audit(
        connection,
        key_name,
        "speaker.migration_local",
        row.id,
        {"article_id": None, "articles": articles},
        {"article_id": first},
    )
    for article_id in others:
        new_id = connection.execute(
            speakers.insert()
            .values(
                slug=unique_slug(connection, row.name),
                name=row.name,
                kind="organization",
                titles=list(row.titles or []),
                article_id=article_id,
                ambiguous=False,
            )
            .returning(speakers.c.id)
        ).scalar_one()
        add_aliases(connection, new_id, [row.name])
        claim_key(connection, new_id, local_key(article_id, row.name))
        moved = connection.scalars(
            sa.select(quotes.c.id).where(quotes.c.speaker_id == row.id, quotes.c.article_id == article_id)
        ).all()
        move(connection, row.id, new_id, quote_ids=list(moved), article_id=article_id)
        audit(
            connection,
            key_name,
            "speaker.migration_split",
            new_id,
            {"speaker": row.id, "article_id": article_id},
            {"speaker": new_id, "article_id": article_id, "quotes": sorted(moved)},
        )


# -- row moves ----------------------------------------------------------------------------------
def merge(connection: Connection, source: int, into: int, key: str, key_name: str) -> None:
    """As an editor's merge: everything of `source` moves to `into`, its names become aliases,
    and `source` stays, merged_into `into`, so its slug still resolves."""
    src = connection.execute(sa.select(speakers).where(speakers.c.id == source)).one()
    dst = connection.execute(sa.select(speakers).where(speakers.c.id == into)).one()
    before = {"source": state(connection, source), "into": state(connection, into)}
    move(connection, source, into)
    # Its keys go along, so later articles naming it join the survivor.
    connection.execute(keys.update().where(keys.c.speaker_id == source).values(speaker_id=into))
    names = [src.name, *connection.scalars(sa.select(aliases.c.alias).where(aliases.c.speaker_id == source)).all()]
    add_aliases(connection, into, names)
    titles = list(dict.fromkeys([*(dst.titles or []), *(src.titles or [])]))
    values: dict[str, Any] = {"titles": titles}
    if src.wikidata_id and not dst.wikidata_id:
        connection.execute(speakers.update().where(speakers.c.id == source).values(wikidata_id=None))
        values["wikidata_id"] = src.wikidata_id
    connection.execute(speakers.update().where(speakers.c.id == into).values(**values))
    connection.execute(speakers.update().where(speakers.c.id == source).values(merged_into_id=into, ambiguous=False))
    connection.execute(speakers.update().where(speakers.c.merged_into_id == source).values(merged_into_id=into))
    after = {"source": state(connection, source), "into": state(connection, into), "key": key}
    audit(connection, key_name, "speaker.migration_merge", source, before, after)


def move(
    connection: Connection, source: int, into: int, quote_ids: list[int] | None = None, article_id: int | None = None
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


# -- small helpers ------------------------------------------------------------------------------
def add_aliases(connection: Connection, speaker_id: int, names: list[str]) -> None:
    known = set(connection.scalars(sa.select(aliases.c.folded).where(aliases.c.speaker_id == speaker_id)))
    for name in names:
        if name and fold(name) not in known:
            connection.execute(aliases.insert().values(speaker_id=speaker_id, alias=name, folded=fold(name)))
            known.add(fold(name))


def claim_key(connection: Connection, speaker_id: int, key: str) -> None:
    """The key for this speaker, unless another speaker holds it."""
    if connection.scalar(sa.select(keys.c.speaker_id).where(keys.c.key == key)) is None:
        connection.execute(keys.insert().values(key=key, speaker_id=speaker_id))


def local_key(article_id: int, name: str) -> str:
    return f"local:{article_id}:organization:{folded_name(name) or fold(name)}"


def unique_slug(connection: Connection, name: str) -> str:
    """From 0012 on, drawn as the ingest draws (identity.draw_slug, frozen: the slug counters). Before
    (0006, 0007), that table does not exist yet: the first free of base, base-2, ..., as those
    migrations always did (0012 then seeds the counters above every slug they made)."""
    base = slugify(name)
    if sa.inspect(connection).has_table("slug_counters"):
        return draw_slug(connection, base)
    slug, n = base, 1
    while connection.scalar(sa.select(speakers.c.id).where(speakers.c.slug == slug)) is not None:
        n += 1
        slug = f"{base}-{n}"
    return slug


def state(connection: Connection, speaker_id: int) -> dict[str, Any]:
    row = connection.execute(sa.select(speakers).where(speakers.c.id == speaker_id)).one()
    count = connection.scalar(sa.select(sa.func.count()).select_from(quotes).where(quotes.c.speaker_id == speaker_id))
    return {
        "name": row.name,
        "slug": row.slug,
        "titles": list(row.titles or []),
        "merged_into": row.merged_into_id,
        "quote_count": count,
    }


def audit(
    connection: Connection, key_name: str, action: str, speaker_id: int, before: dict[str, Any], after: dict[str, Any]
) -> None:
    connection.execute(
        audit_log.insert().values(
            at=datetime.now(UTC),
            key_name=key_name,
            action=action,
            target=f"speaker:{speaker_id}",
            before=before,
            after=after,
        )
    )
