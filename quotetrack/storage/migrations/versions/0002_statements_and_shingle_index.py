"""statements and shingle index

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02 16:32:49.858462
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "statements",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=True),
        sa.Column("canonical_quote_id", sa.Integer(), nullable=True),
        sa.Column("canonical_text", sa.Text(), nullable=False),
        sa.Column("first_seen", sa.Date(), nullable=True),
        sa.Column("quote_count", sa.Integer(), nullable=False),
        sa.Column("outlet_count", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["canonical_quote_id"],
            ["quotes.id"],
            name=op.f("fk_statements_canonical_quote_id_quotes"),
            ondelete="SET NULL",
            use_alter=True,
        ),
        sa.ForeignKeyConstraint(
            ["speaker_id"], ["speakers.id"], name=op.f("fk_statements_speaker_id_speakers"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_statements")),
    )
    with op.batch_alter_table("statements", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_statements_first_seen"), ["first_seen"], unique=False)
        batch_op.create_index(batch_op.f("ix_statements_outlet_count"), ["outlet_count"], unique=False)
        batch_op.create_index(batch_op.f("ix_statements_speaker_id"), ["speaker_id"], unique=False)

    op.create_table(
        "quote_shingles",
        sa.Column("quote_id", sa.Integer(), nullable=False),
        sa.Column("shingle", sa.BigInteger(), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["quote_id"], ["quotes.id"], name=op.f("fk_quote_shingles_quote_id_quotes"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("quote_id", "shingle", name=op.f("pk_quote_shingles")),
    )
    with op.batch_alter_table("quote_shingles", schema=None) as batch_op:
        batch_op.create_index("ix_quote_shingles_shingle", ["shingle", "speaker_id"], unique=False)

    with op.batch_alter_table("quotes", schema=None) as batch_op:
        batch_op.add_column(sa.Column("statement_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("best_link_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("best_link_rank", sa.Float(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("relation", sa.String(length=12), nullable=True))
        batch_op.add_column(sa.Column("similarity", sa.Float(), nullable=True))
        batch_op.create_index(batch_op.f("ix_quotes_statement_id"), ["statement_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_quotes_best_link_id_quotes"), "quotes", ["best_link_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_quotes_statement_id_statements"), "statements", ["statement_id"], ["id"], ondelete="SET NULL"
        )


def downgrade() -> None:

    with op.batch_alter_table("quotes", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_quotes_statement_id_statements"), type_="foreignkey")
        batch_op.drop_constraint(batch_op.f("fk_quotes_best_link_id_quotes"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_quotes_statement_id"))
        batch_op.drop_column("similarity")
        batch_op.drop_column("relation")
        batch_op.drop_column("best_link_rank")
        batch_op.drop_column("best_link_id")
        batch_op.drop_column("statement_id")

    with op.batch_alter_table("quote_shingles", schema=None) as batch_op:
        batch_op.drop_index("ix_quote_shingles_shingle")

    op.drop_table("quote_shingles")
    with op.batch_alter_table("statements", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_statements_speaker_id"))
        batch_op.drop_index(batch_op.f("ix_statements_outlet_count"))
        batch_op.drop_index(batch_op.f("ix_statements_first_seen"))

    op.drop_table("statements")
