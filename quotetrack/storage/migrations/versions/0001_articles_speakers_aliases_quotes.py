"""articles, speakers, aliases, quotes

Revision ID: 0001
Revises:
Create Date: 2026-12-02 16:04:36.641886
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "articles",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(length=2048), nullable=True),
        sa.Column("text_sha256", sa.String(length=64), nullable=False),
        sa.Column("outlet", sa.String(length=200), nullable=True),
        sa.Column("title", sa.String(length=500), nullable=True),
        sa.Column("author", sa.String(length=200), nullable=True),
        sa.Column("published", sa.Date(), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("model_versions", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_articles")),
        sa.UniqueConstraint("url", name=op.f("uq_articles_url")),
    )
    with op.batch_alter_table("articles", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_articles_outlet"), ["outlet"], unique=False)
        batch_op.create_index(batch_op.f("ix_articles_published"), ["published"], unique=False)
        batch_op.create_index(batch_op.f("ix_articles_text_sha256"), ["text_sha256"], unique=False)

    op.create_table(
        "speakers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("slug", sa.String(length=200), nullable=False),
        sa.Column("name", sa.String(length=300), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("identity", sa.String(length=300), nullable=False),
        sa.Column("titles", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_speakers")),
        sa.UniqueConstraint("slug", name=op.f("uq_speakers_slug")),
    )
    with op.batch_alter_table("speakers", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_speakers_identity"), ["identity"], unique=False)

    op.create_table(
        "quotes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("article_id", sa.Integer(), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=True),
        sa.Column("start", sa.Integer(), nullable=False),
        sa.Column("end", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("folded", sa.Text(), nullable=False),
        sa.Column("kind", sa.String(length=10), nullable=False),
        sa.Column("cue", sa.String(length=100), nullable=True),
        sa.Column("speaker_mention", sa.String(length=300), nullable=True),
        sa.Column("method", sa.String(length=30), nullable=False),
        sa.Column("confidence", sa.Float(), nullable=False),
        sa.Column("sentence_start", sa.Integer(), nullable=False),
        sa.Column("sentence_end", sa.Integer(), nullable=False),
        sa.Column("fragments", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["article_id"], ["articles.id"], name=op.f("fk_quotes_article_id_articles"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["speaker_id"], ["speakers.id"], name=op.f("fk_quotes_speaker_id_speakers"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_quotes")),
        sa.UniqueConstraint("article_id", "start", "end", name="uq_quotes_article_span"),
    )
    with op.batch_alter_table("quotes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_quotes_article_id"), ["article_id"], unique=False)
        batch_op.create_index("ix_quotes_speaker_kind", ["speaker_id", "kind"], unique=False)

    op.create_table(
        "speaker_aliases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=False),
        sa.Column("alias", sa.String(length=300), nullable=False),
        sa.Column("folded", sa.String(length=300), nullable=False),
        sa.ForeignKeyConstraint(
            ["speaker_id"], ["speakers.id"], name=op.f("fk_speaker_aliases_speaker_id_speakers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_speaker_aliases")),
        sa.UniqueConstraint("speaker_id", "folded", name="uq_speaker_aliases_speaker_folded"),
    )
    with op.batch_alter_table("speaker_aliases", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_speaker_aliases_folded"), ["folded"], unique=False)
        batch_op.create_index(batch_op.f("ix_speaker_aliases_speaker_id"), ["speaker_id"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("speaker_aliases", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_speaker_aliases_speaker_id"))
        batch_op.drop_index(batch_op.f("ix_speaker_aliases_folded"))

    op.drop_table("speaker_aliases")
    with op.batch_alter_table("quotes", schema=None) as batch_op:
        batch_op.drop_index("ix_quotes_speaker_kind")
        batch_op.drop_index(batch_op.f("ix_quotes_article_id"))

    op.drop_table("quotes")
    with op.batch_alter_table("speakers", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_speakers_identity"))

    op.drop_table("speakers")
    with op.batch_alter_table("articles", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_articles_text_sha256"))
        batch_op.drop_index(batch_op.f("ix_articles_published"))
        batch_op.drop_index(batch_op.f("ix_articles_outlet"))

    op.drop_table("articles")
