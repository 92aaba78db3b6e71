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

The steps are quotetrack.storage.name_upgrade's (shared with 0007 and 0009): Core statements
on the tables as 0005 left them, so later schema changes do not alter what it does; the name
rules are quotetrack.storage.name_upgrade_rules', a frozen copy of the ingest's
(quotetrack.attribution.names and identity_rules) made at commit 6f9d220, so later changes to
the ingest's rules do not alter it either (issue #43).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 16:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op
from sqlalchemy.engine import Connection

from quotetrack.storage import name_upgrade as steps
from quotetrack.storage.name_upgrade import speakers
from quotetrack.storage.name_upgrade_rules import is_common_noun_phrase  # attribution.names's, frozen at 6f9d220

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

KEY_NAME = "migration 0006"


def upgrade() -> None:
    connection = op.get_bind()
    steps.split_titles(connection, KEY_NAME)
    _split_common_noun_organisations(connection)
    steps.rebuild_person_keys(connection, KEY_NAME)


def downgrade() -> None:
    """Nothing to undo in the schema; the clean names and keys suit 0005 as they are."""


def _split_common_noun_organisations(connection: Connection) -> None:
    """ "Hospital" shared by two articles' officials: one speaker per article."""
    rows = connection.execute(
        sa.select(speakers.c.id, speakers.c.name, speakers.c.slug, speakers.c.titles).where(
            speakers.c.kind == "organization", speakers.c.article_id.is_(None), speakers.c.merged_into_id.is_(None)
        )
    ).all()
    for row in rows:
        if not is_common_noun_phrase(row.name):
            continue
        articles = steps.quoted_in(connection, row.id)
        steps.drop_organisation_keys(connection, row.id)  # even when quoted nowhere
        if articles:
            steps.split_per_article(connection, row, articles, KEY_NAME)
