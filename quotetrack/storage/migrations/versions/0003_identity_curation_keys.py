"""identity keys, identity decisions, quote overrides, audit log, API keys

Speakers are found through speaker_keys now (a speaker may own several keys: its own, those
of speakers merged into it), so the old speakers.identity column moves there.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-03 07:54:02.127676
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("prefix", sa.String(length=12), nullable=False),
        sa.Column("key_sha256", sa.String(length=64), nullable=False),
        sa.Column("scopes", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("revoked_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_keys")),
        sa.UniqueConstraint("key_sha256", name=op.f("uq_api_keys_key_sha256")),
    )
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.create_index(
            "uq_api_keys_active_name",
            ["name"],
            unique=True,
            sqlite_where=sa.text("revoked_at IS NULL"),
            postgresql_where=sa.text("revoked_at IS NULL"),
        )

    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("key_name", sa.String(length=100), nullable=False),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("target", sa.String(length=60), nullable=False),
        sa.Column("before", sa.JSON(), nullable=False),
        sa.Column("after", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_log_at"), ["at"], unique=False)
        batch_op.create_index(batch_op.f("ix_audit_log_target"), ["target"], unique=False)

    op.create_table(
        "identity_decisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("article_id", sa.Integer(), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=True),
        sa.Column("mention", sa.String(length=300), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("method", sa.String(length=30), nullable=False),
        sa.Column("evidence", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["article_id"], ["articles.id"], name=op.f("fk_identity_decisions_article_id_articles"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["speaker_id"], ["speakers.id"], name=op.f("fk_identity_decisions_speaker_id_speakers"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_identity_decisions")),
    )
    with op.batch_alter_table("identity_decisions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_identity_decisions_article_id"), ["article_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_identity_decisions_speaker_id"), ["speaker_id"], unique=False)

    op.create_table(
        "quote_overrides",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("article_id", sa.Integer(), nullable=False),
        sa.Column("start", sa.Integer(), nullable=False),
        sa.Column("end", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(length=10), nullable=True),
        sa.Column("key_name", sa.String(length=100), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["article_id"], ["articles.id"], name=op.f("fk_quote_overrides_article_id_articles"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["speaker_id"], ["speakers.id"], name=op.f("fk_quote_overrides_speaker_id_speakers"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_quote_overrides")),
        sa.UniqueConstraint("article_id", "start", "end", name="uq_quote_overrides_article_span"),
    )
    with op.batch_alter_table("quote_overrides", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_quote_overrides_article_id"), ["article_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_quote_overrides_speaker_id"), ["speaker_id"], unique=False)

    op.create_table(
        "speaker_keys",
        sa.Column("key", sa.String(length=400), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["speaker_id"], ["speakers.id"], name=op.f("fk_speaker_keys_speaker_id_speakers"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_speaker_keys")),
    )
    with op.batch_alter_table("speaker_keys", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_speaker_keys_speaker_id"), ["speaker_id"], unique=False)

    with op.batch_alter_table("quotes", schema=None) as batch_op:
        batch_op.add_column(sa.Column("status", sa.String(length=10), server_default="accepted", nullable=False))
        batch_op.add_column(sa.Column("identity_decision_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_quotes_identity_decision_id"), ["identity_decision_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_quotes_identity_decision_id_identity_decisions"),
            "identity_decisions",
            ["identity_decision_id"],
            ["id"],
            ondelete="SET NULL",
        )

    # One key per existing speaker (duplicates, which the old upsert could make, go to the oldest row).
    op.execute("INSERT INTO speaker_keys (key, speaker_id) SELECT identity, MIN(id) FROM speakers GROUP BY identity")

    with op.batch_alter_table("speakers", schema=None) as batch_op:
        batch_op.add_column(sa.Column("article_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("ambiguous", sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column("wikidata_id", sa.String(length=20), nullable=True))
        batch_op.add_column(sa.Column("merged_into_id", sa.Integer(), nullable=True))
        batch_op.drop_index(batch_op.f("ix_speakers_identity"))
        batch_op.create_index(batch_op.f("ix_speakers_article_id"), ["article_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_speakers_merged_into_id"), ["merged_into_id"], unique=False)
        batch_op.create_unique_constraint(batch_op.f("uq_speakers_wikidata_id"), ["wikidata_id"])
        batch_op.create_foreign_key(
            batch_op.f("fk_speakers_article_id_articles"), "articles", ["article_id"], ["id"], ondelete="CASCADE"
        )
        batch_op.create_foreign_key(
            batch_op.f("fk_speakers_merged_into_id_speakers"),
            "speakers",
            ["merged_into_id"],
            ["id"],
            ondelete="SET NULL",
        )
        batch_op.drop_column("identity")


def downgrade() -> None:
    with op.batch_alter_table("speakers", schema=None) as batch_op:
        batch_op.add_column(sa.Column("identity", sa.VARCHAR(length=300), nullable=False, server_default=""))
        batch_op.drop_constraint(batch_op.f("fk_speakers_merged_into_id_speakers"), type_="foreignkey")
        batch_op.drop_constraint(batch_op.f("fk_speakers_article_id_articles"), type_="foreignkey")
        batch_op.drop_constraint(batch_op.f("uq_speakers_wikidata_id"), type_="unique")
        batch_op.drop_index(batch_op.f("ix_speakers_merged_into_id"))
        batch_op.drop_index(batch_op.f("ix_speakers_article_id"))
        batch_op.create_index(batch_op.f("ix_speakers_identity"), ["identity"], unique=False)
        batch_op.drop_column("merged_into_id")
        batch_op.drop_column("wikidata_id")
        batch_op.drop_column("ambiguous")
        batch_op.drop_column("article_id")

    op.execute(
        "UPDATE speakers SET identity = "
        "COALESCE((SELECT MIN(key) FROM speaker_keys WHERE speaker_id = speakers.id), '')"
    )

    with op.batch_alter_table("quotes", schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f("fk_quotes_identity_decision_id_identity_decisions"), type_="foreignkey")
        batch_op.drop_index(batch_op.f("ix_quotes_identity_decision_id"))
        batch_op.drop_column("identity_decision_id")
        batch_op.drop_column("status")

    with op.batch_alter_table("speaker_keys", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_speaker_keys_speaker_id"))

    op.drop_table("speaker_keys")
    with op.batch_alter_table("quote_overrides", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_quote_overrides_speaker_id"))
        batch_op.drop_index(batch_op.f("ix_quote_overrides_article_id"))

    op.drop_table("quote_overrides")
    with op.batch_alter_table("identity_decisions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_identity_decisions_speaker_id"))
        batch_op.drop_index(batch_op.f("ix_identity_decisions_article_id"))

    op.drop_table("identity_decisions")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_log_target"))
        batch_op.drop_index(batch_op.f("ix_audit_log_at"))

    op.drop_table("audit_log")
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.drop_index(
            "uq_api_keys_active_name",
            sqlite_where=sa.text("revoked_at IS NULL"),
            postgresql_where=sa.text("revoked_at IS NULL"),
        )

    op.drop_table("api_keys")
