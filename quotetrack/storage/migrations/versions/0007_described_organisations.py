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

Like 0006 it uses quotetrack.storage.name_upgrade's Core statements on the tables as they
stand, and the name rules of quotetrack.attribution.names and identity_rules as frozen at
commit 6f9d220 (quotetrack.storage.name_upgrade_rules; issue #43).

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03 19:30:00
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op
from sqlalchemy.engine import Connection

from quotetrack.storage import name_upgrade as steps
from quotetrack.storage.name_upgrade import aliases, keys, speakers

# attribution.names's and attribution.identity_rules', frozen at 6f9d220
from quotetrack.storage.name_upgrade_rules import folded_name, is_description, is_proper_name

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

KEY_NAME = "migration 0007"


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
def _drop_description_key(connection: Connection, speaker_id: int, name: str) -> None:
    key = f"organization:{folded_name(name)}"
    held = connection.scalar(sa.select(keys.c.speaker_id).where(keys.c.key == key))
    if held != speaker_id:
        return
    connection.execute(keys.delete().where(keys.c.key == key))
    steps.audit(connection, KEY_NAME, "speaker.migration_rekey", speaker_id, {"keys": [key]}, {"keys": []})


def _split_per_article(connection: Connection, row: Any) -> None:
    """Two articles' "transport ministry" quoted under one speaker: one speaker per article."""
    articles = steps.quoted_in(connection, row.id)
    if not articles:
        return  # quoted nowhere (its quotes were re-extracted away): left as it is, keys and all
    steps.drop_organisation_keys(connection, row.id)
    steps.split_per_article(connection, row, articles, KEY_NAME)
