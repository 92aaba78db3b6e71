"""identity_decisions.surname: the bare surname a decision looked up in the archive

A bare surname ("Merkel") decided against the archive (joined the one namesake, one chosen by
the article's clues or by prominence, or left apart and ambiguous) is revisited whenever a
later ingest quotes a person of that surname (storage/surname_joins.py): the column, indexed,
finds those decisions without reading the others. Schema only: decisions stored before keep no
surname and are not revisited until their article is re-extracted.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-09 10:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("identity_decisions") as batch:
        batch.add_column(sa.Column("surname", sa.String(length=300), nullable=True))
        batch.create_index("ix_identity_decisions_surname", ["surname"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("identity_decisions") as batch:
        batch.drop_index("ix_identity_decisions_surname")
        batch.drop_column("surname")
