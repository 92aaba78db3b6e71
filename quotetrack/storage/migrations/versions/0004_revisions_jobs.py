"""article revisions, one article per text without URL, jobs

Re-posting a known URL with other text adds a revision instead of replacing the article;
quotes record the revision they were extracted from. Articles without a URL are unique by
text (a partial unique index), so concurrent ingests cannot store one text twice. Jobs hold
articles queued for the workers.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-03 08:25:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "article_revisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("article_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("text_sha256", sa.String(length=64), nullable=False),
        sa.Column("model_versions", sa.String(length=300), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["article_id"], ["articles.id"], name=op.f("fk_article_revisions_article_id_articles"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_article_revisions")),
        sa.UniqueConstraint("article_id", "number", name="uq_article_revisions_article_number"),
    )
    op.create_index(op.f("ix_article_revisions_article_id"), "article_revisions", ["article_id"])
    with op.batch_alter_table("articles") as batch_op:
        batch_op.add_column(sa.Column("revision", sa.Integer(), server_default="1", nullable=False))
        batch_op.create_index(
            "uq_articles_text_without_url",
            ["text_sha256"],
            unique=True,
            sqlite_where=sa.text("url IS NULL"),
            postgresql_where=sa.text("url IS NULL"),
        )
    with op.batch_alter_table("quotes") as batch_op:
        batch_op.add_column(sa.Column("revision", sa.Integer(), server_default="1", nullable=False))
        batch_op.drop_constraint("uq_quotes_article_span", type_="unique")
        batch_op.create_unique_constraint("uq_quotes_article_revision_span", ["article_id", "revision", "start", "end"])
    # Every stored article's text is its first revision.
    op.execute(
        "INSERT INTO article_revisions (article_id, number, text, text_sha256, model_versions, created_at) "
        "SELECT id, 1, text, text_sha256, model_versions, created_at FROM articles"
    )
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("article_id", sa.Integer(), nullable=True),
        sa.Column("created", sa.Boolean(), nullable=True),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("attempts", sa.Integer(), server_default="0", nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["article_id"], ["articles.id"], name=op.f("fk_jobs_article_id_articles"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_jobs")),
    )
    op.create_index(op.f("ix_jobs_status"), "jobs", ["status"])


def downgrade() -> None:
    op.drop_index(op.f("ix_jobs_status"), table_name="jobs")
    op.drop_table("jobs")
    op.execute(
        "DELETE FROM quotes WHERE revision <> (SELECT revision FROM articles WHERE articles.id = quotes.article_id)"
    )
    with op.batch_alter_table("quotes") as batch_op:
        batch_op.drop_constraint("uq_quotes_article_revision_span", type_="unique")
        batch_op.create_unique_constraint("uq_quotes_article_span", ["article_id", "start", "end"])
        batch_op.drop_column("revision")
    with op.batch_alter_table("articles") as batch_op:
        batch_op.drop_index("uq_articles_text_without_url")
        batch_op.drop_column("revision")
    op.drop_index(op.f("ix_article_revisions_article_id"), table_name="article_revisions")
    op.drop_table("article_revisions")
