"""claims.event: each claim's event frame, so statements link one remark worded apart (#23)

Statement linking compares claims by their event (main predicate and its arguments resolved
by reference) besides their words. The frame is read off the article's parse at extraction,
so claims stored before this revision have none (NULL): they link by their words as before
until their article is re-extracted (`POST /api/v1/articles/{id}/reextract`).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-03 19:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("claims") as batch:
        batch.add_column(sa.Column("event", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("claims") as batch:
        batch.drop_column("event")
