"""quotes.speaks_for_id: the organisation a spokesperson's quote speaks for

"A Kestrel spokesman said ..." stays the spokesperson's quote; its claims link into
statements under the organisation (statements/linking.py), beside what the organisation is
reported to have said itself. Schema only: quotes stored before keep no organisation until
their article is re-extracted (`POST /api/v1/articles/{id}/reextract`).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-05 08:20:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quotes") as batch:
        batch.add_column(sa.Column("speaks_for_id", sa.Integer(), nullable=True))
        batch.create_index("ix_quotes_speaks_for_id", ["speaks_for_id"], unique=False)
        batch.create_foreign_key(
            "fk_quotes_speaks_for_id_speakers", "speakers", ["speaks_for_id"], ["id"], ondelete="SET NULL"
        )


def downgrade() -> None:
    with op.batch_alter_table("quotes") as batch:
        batch.drop_constraint("fk_quotes_speaks_for_id_speakers", type_="foreignkey")
        batch.drop_index("ix_quotes_speaks_for_id")
        batch.drop_column("speaks_for_id")
