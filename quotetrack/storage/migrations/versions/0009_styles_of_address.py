"""styles of address off stored names: 0006's title split and person keys, under today's rules

Issue 19. The name rules now take styles of address off a person's name too ("Datuk Seri",
"Tan Sri", "Dato' Sri", "Tun", "Haji": attribution.names.STYLES), but an archive already past
0006 never re-ran it: "Datuk Seri Liow Tiong Lai" kept the style in the name and in the key,
so a later article's "Liow Tiong Lai" became a second speaker. The upgrade re-applies 0006's
person steps under the current rules, on data only (no schema change):

1. splits titles off every person's stored name into its titles; the old name stays an alias;
2. rebuilds every shared person's identity key from the normalised name; two speakers that
   now have one key are merged into the older one, as an editor's merge would: quotes,
   claims, statements, decisions and overrides move, names become aliases, and the merged
   speaker stays (merged_into) so its slug still resolves.

Every speaker renamed or merged gets an audit-log entry (key name "migration 0009"). Nothing
is deleted. Downgrade is a no-op: the clean names and new keys suit 0008's schema as they are.

The steps are quotetrack.storage.name_upgrade's, the same 0006 runs (Core statements on the
columns they touch), with the name rules of quotetrack.attribution.names and identity_rules
as frozen at commit 6f9d220 (quotetrack.storage.name_upgrade_rules; issue #43). Until then
it ran under the ingest's live rules.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04 04:00:00
"""

from __future__ import annotations

from alembic import op

from quotetrack.storage import name_upgrade as steps

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

KEY_NAME = "migration 0009"


def upgrade() -> None:
    connection = op.get_bind()
    steps.split_titles(connection, KEY_NAME)
    steps.rebuild_person_keys(connection, KEY_NAME)


def downgrade() -> None:
    """Nothing to undo in the schema; the clean names and keys suit 0008 as they are."""
