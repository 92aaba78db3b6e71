"""Public ids are never reused on SQLite: AUTOINCREMENT on articles, quotes, claims, statements, speakers

A CMS embeds quote cards by id, and API clients keep article, speaker and statement ids. SQLite
without AUTOINCREMENT hands out max(id) + 1, so after the newest rows were deleted (a
re-extraction used to delete its quotes) the next rows took their ids and an embedded card
showed another person's words. With AUTOINCREMENT, SQLite never gives an id twice
(sqlite_sequence keeps the highest ever given). PostgreSQL's sequences never go back:
nothing to do there.

SQLite cannot add AUTOINCREMENT to a table, so each table is rebuilt the way SQLite documents
(https://sqlite.org/lang_altertable.html, "other kinds of table schema changes"): its own CREATE
statement with the primary key made AUTOINCREMENT, rows copied with their ids, the old table
dropped, the new one renamed, its indexes made again. Foreign keys are off while migrations
run (storage/db.py checks them after). Ids deleted before this migration and above the
highest surviving one cannot be known any more; from here on none is given again.

Downgrade keeps the tables as they are: AUTOINCREMENT changes no behaviour a schema before
this one relies on.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-07 17:30:00
"""

from __future__ import annotations

import re

from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None

TABLES = ("articles", "speakers", "statements", "quotes", "claims")


def _autoincrement_sql(table: str, create_sql: str, temporary: str) -> str:
    """The table's CREATE statement under the temporary name, its id the AUTOINCREMENT key."""
    header = re.compile(rf'^CREATE TABLE\s+("{table}"|{table})\s*\(')
    column = re.compile(r"\bid INTEGER NOT NULL,")
    key = re.compile(rf"CONSTRAINT pk_{table} PRIMARY KEY \(id\),\s*")
    if not (header.search(create_sql) and len(column.findall(create_sql)) == 1 and len(key.findall(create_sql)) == 1):
        raise RuntimeError(f"unexpected schema for {table}: {create_sql[:200]}")
    rebuilt = header.sub(f'CREATE TABLE "{temporary}" (', create_sql)
    rebuilt = column.sub(f"id INTEGER NOT NULL CONSTRAINT pk_{table} PRIMARY KEY AUTOINCREMENT,", rebuilt)
    return key.sub("", rebuilt)


def upgrade() -> None:
    bind = op.get_bind()
    if bind.dialect.name != "sqlite":
        return
    for table in TABLES:
        create_sql = bind.exec_driver_sql(
            "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
        ).scalar_one()
        if "AUTOINCREMENT" in create_sql.upper():
            continue
        indexes = [
            sql
            for (sql,) in bind.exec_driver_sql(
                "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", (table,)
            )
        ]
        temporary = f"_{table}_autoincrement"
        bind.exec_driver_sql(_autoincrement_sql(table, create_sql, temporary))
        bind.exec_driver_sql(f'INSERT INTO "{temporary}" SELECT * FROM "{table}"')
        bind.exec_driver_sql(f'DROP TABLE "{table}"')
        bind.exec_driver_sql(f'ALTER TABLE "{temporary}" RENAME TO "{table}"')
        for sql in indexes:
            bind.exec_driver_sql(sql)


def downgrade() -> None:
    pass
