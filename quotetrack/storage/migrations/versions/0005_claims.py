"""claims: statements group the remarks a quote reports, not whole quotes

A quote may report several remarks; each becomes a claim, and statement linking (the
strongest-neighbour links, the shingle index, relation and similarity) moves from quotes to
claims. The index also gets each claim's word stems, for verify's paraphrase look-ups.
Every stored quote becomes one claim with the quote's id, links and statement, so statements
are unchanged by the upgrade; re-extracting an article splits its quotes.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-03 11:05:00
"""

import hashlib
import re
import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "claims",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("quote_id", sa.Integer(), nullable=False),
        sa.Column("article_id", sa.Integer(), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=True),
        sa.Column("ordinal", sa.Integer(), nullable=False),
        sa.Column("start", sa.Integer(), nullable=False),
        sa.Column("end", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("folded", sa.Text(), nullable=False),
        sa.Column("statement_id", sa.Integer(), nullable=True),
        sa.Column("best_link_id", sa.Integer(), nullable=True),
        sa.Column("best_link_rank", sa.Float(), server_default="0", nullable=False),
        sa.Column("relation", sa.String(length=12), nullable=True),
        sa.Column("similarity", sa.Float(), nullable=True),
        sa.ForeignKeyConstraint(
            ["quote_id"], ["quotes.id"], name=op.f("fk_claims_quote_id_quotes"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["article_id"], ["articles.id"], name=op.f("fk_claims_article_id_articles"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["speaker_id"], ["speakers.id"], name=op.f("fk_claims_speaker_id_speakers"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["statement_id"], ["statements.id"], name=op.f("fk_claims_statement_id_statements"), ondelete="SET NULL"
        ),
        sa.ForeignKeyConstraint(
            ["best_link_id"], ["claims.id"], name=op.f("fk_claims_best_link_id_claims"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_claims")),
        sa.UniqueConstraint("quote_id", "ordinal", name="uq_claims_quote_ordinal"),
    )
    op.create_index(op.f("ix_claims_quote_id"), "claims", ["quote_id"])
    op.create_index(op.f("ix_claims_article_id"), "claims", ["article_id"])
    op.create_index(op.f("ix_claims_statement_id"), "claims", ["statement_id"])
    op.create_index(op.f("ix_claims_best_link_id"), "claims", ["best_link_id"])
    op.create_index("ix_claims_speaker_id_id", "claims", ["speaker_id", "id"])
    # One claim per stored quote, with the quote's id: links between quotes stay valid.
    op.execute(
        'INSERT INTO claims (id, quote_id, article_id, speaker_id, ordinal, start, "end", text, folded, '
        "statement_id, best_link_id, best_link_rank, relation, similarity) "
        'SELECT id, id, article_id, speaker_id, 0, start, "end", text, folded, '
        "statement_id, best_link_id, best_link_rank, relation, similarity FROM quotes"
    )
    # Links to another article now weigh OTHER_ARTICLE_BONUS (10) more (quotetrack/statements.py).
    op.execute(
        "UPDATE claims SET best_link_rank = best_link_rank + 10 WHERE best_link_id IS NOT NULL AND article_id <> "
        "(SELECT link.article_id FROM quotes AS link WHERE link.id = claims.best_link_id)"
    )
    if op.get_bind().dialect.name == "postgresql":  # the ids above were given, not drawn
        op.execute("SELECT setval(pg_get_serial_sequence('claims', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM claims")

    op.create_table(
        "claim_shingles",
        sa.Column("claim_id", sa.Integer(), nullable=False),
        sa.Column("shingle", sa.BigInteger(), nullable=False),
        sa.Column("speaker_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["claim_id"], ["claims.id"], name=op.f("fk_claim_shingles_claim_id_claims"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("claim_id", "shingle", name=op.f("pk_claim_shingles")),
    )
    op.create_index("ix_claim_shingles_shingle", "claim_shingles", ["shingle", "speaker_id", "claim_id"])
    op.execute(
        "INSERT INTO claim_shingles (claim_id, shingle, speaker_id) "
        "SELECT quote_id, shingle, speaker_id FROM quote_shingles"
    )
    op.drop_index("ix_quote_shingles_shingle", table_name="quote_shingles")
    op.drop_table("quote_shingles")
    _index_word_stems()

    # 0002 declared statements.canonical_quote_id's foreign key with use_alter, which
    # create_table leaves out on PostgreSQL: it is added here where it is missing.
    keys = {fk["name"] for fk in sa.inspect(op.get_bind()).get_foreign_keys("statements")}
    with op.batch_alter_table("statements") as batch_op:
        if "fk_statements_canonical_quote_id_quotes" not in keys:
            batch_op.create_foreign_key(
                "fk_statements_canonical_quote_id_quotes", "quotes", ["canonical_quote_id"], ["id"], ondelete="SET NULL"
            )
        batch_op.add_column(sa.Column("canonical_claim_id", sa.Integer(), nullable=True))
        batch_op.create_foreign_key(
            batch_op.f("fk_statements_canonical_claim_id_claims"),
            "claims",
            ["canonical_claim_id"],
            ["id"],
            ondelete="SET NULL",
        )
    op.execute("UPDATE statements SET canonical_claim_id = canonical_quote_id")

    with op.batch_alter_table("quotes") as batch_op:
        batch_op.drop_constraint("fk_quotes_statement_id_statements", type_="foreignkey")
        batch_op.drop_constraint("fk_quotes_best_link_id_quotes", type_="foreignkey")
        batch_op.drop_index("ix_quotes_statement_id")
        for column in ("similarity", "relation", "best_link_rank", "best_link_id", "statement_id"):
            batch_op.drop_column(column)


def _index_word_stems(batch: int = 5000) -> None:
    """The index now also holds each claim's word stems (verify finds paraphrases through
    them): add them for the claims copied above, a batch at a time."""
    bind = op.get_bind()
    claims = sa.table("claims", sa.column("id"), sa.column("text"), sa.column("speaker_id"))
    shingles = sa.table("claim_shingles", sa.column("claim_id"), sa.column("shingle"), sa.column("speaker_id"))
    last = 0
    while True:
        rows = bind.execute(
            sa.select(claims.c.id, claims.c.text, claims.c.speaker_id)
            .where(claims.c.id > last)
            .order_by(claims.c.id)
            .limit(batch)
        ).all()
        if not rows:
            return
        ids = [row.id for row in rows]
        present = set(  # a database downgraded from 0005 and upgraded again has them already
            bind.execute(sa.select(shingles.c.claim_id, shingles.c.shingle).where(shingles.c.claim_id.in_(ids))).all()
        )
        keys = [
            {"claim_id": row.id, "shingle": key, "speaker_id": row.speaker_id}
            for row in rows
            for key in _stem_keys(row.text)
            if (row.id, key) not in present
        ]
        if keys:
            bind.execute(shingles.insert(), keys)
        last = rows[-1].id


def downgrade() -> None:
    """Back to one statement per quote: each quote keeps its first claim's links."""
    with op.batch_alter_table("quotes") as batch_op:
        batch_op.add_column(sa.Column("statement_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("best_link_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("best_link_rank", sa.Float(), nullable=False, server_default="0"))
        batch_op.add_column(sa.Column("relation", sa.String(length=12), nullable=True))
        batch_op.add_column(sa.Column("similarity", sa.Float(), nullable=True))
        batch_op.create_index("ix_quotes_statement_id", ["statement_id"], unique=False)
        batch_op.create_foreign_key(
            "fk_quotes_best_link_id_quotes", "quotes", ["best_link_id"], ["id"], ondelete="SET NULL"
        )
        batch_op.create_foreign_key(
            "fk_quotes_statement_id_statements", "statements", ["statement_id"], ["id"], ondelete="SET NULL"
        )
    first = "(SELECT {column} FROM claims WHERE claims.quote_id = quotes.id AND claims.ordinal = 0)"
    op.execute(
        "UPDATE quotes SET "
        + ", ".join(
            f"{column} = {first.format(column=column)}" for column in ("statement_id", "relation", "similarity")
        )
        + ", best_link_id = (SELECT link.quote_id FROM claims JOIN claims AS link ON link.id = claims.best_link_id "
        "WHERE claims.quote_id = quotes.id AND claims.ordinal = 0)"
    )
    with op.batch_alter_table("statements") as batch_op:
        batch_op.drop_constraint("fk_statements_canonical_claim_id_claims", type_="foreignkey")
        batch_op.drop_column("canonical_claim_id")
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
    op.create_index("ix_quote_shingles_shingle", "quote_shingles", ["shingle", "speaker_id"])
    op.execute(
        "INSERT INTO quote_shingles (quote_id, shingle, speaker_id) SELECT DISTINCT claims.quote_id, shingle, "
        "claim_shingles.speaker_id FROM claim_shingles JOIN claims ON claims.id = claim_shingles.claim_id"
    )
    op.drop_table("claim_shingles")
    op.drop_table("claims")


# -- the index keys of 2026-12-03, frozen ------------------------------------------------------
# What quotetrack.statements.words.stem_keys computed when this migration was written, copied
# rather than imported: a migration is history, and importing live code would let a later change
# to that module rewrite what this upgrade does (and make storage import the statements layer).
_STOP_WORDS = frozenset(
    """
a an the and or but if of to in on at by for with from as is are was were be been being it its this that these
those i we you he she they me us him her them my our your his their will would shall should can could may might
must do does did has have had not no so than then there here what which who whom whose when where why how all
any each some such very just also too about into over after before up down out off again once s t
""".split()
)
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_SUFFIXES = ("ations", "ation", "ments", "ment", "ings", "ing", "ied", "ies", "ed", "es", "s")


def _stem_keys(text: str) -> set[int]:
    folded = unicodedata.normalize("NFKD", text.replace("’", "'").replace("‘", "'"))
    found = set()
    for word in _WORD.findall(folded.encode("ascii", "ignore").decode().lower().strip()):
        if word in _STOP_WORDS or len(word) < 3:
            continue
        stem = next((word[: -len(s)] for s in _SUFFIXES if word.endswith(s) and len(word) - len(s) >= 4), word)
        found.add(int.from_bytes(hashlib.blake2b(("w " + stem).encode(), digest_size=8).digest(), "big") >> 1)
    return found
