"""Engine, sessions and schema migrations for one database URL."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Session, sessionmaker

MIGRATIONS = Path(__file__).parent / "migrations"


def _sqlite_connect(dbapi_connection, _record) -> None:
    # pysqlite's own transaction handling starts transactions late and never IMMEDIATE; we
    # issue BEGIN ourselves (see _sqlite_begin). WAL lets readers go on while one writes.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def _sqlite_begin(connection) -> None:
    # A write transaction takes SQLite's write lock at BEGIN: two concurrent writers then
    # queue on the busy timeout instead of one failing when it upgrades a read lock.
    immediate = connection.get_execution_options().get("sqlite_immediate")
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


class Database:
    def __init__(self, url: str):
        self.url = url
        sqlite = url.startswith("sqlite")
        # SQLite: wait up to 30 s for another writer rather than failing with "database is locked".
        self.engine: Engine = create_engine(url, future=True, connect_args={"timeout": 30} if sqlite else {})
        self.dialect = self.engine.dialect.name
        if self.dialect == "sqlite":
            event.listen(self.engine, "connect", _sqlite_connect)
            event.listen(self.engine, "begin", _sqlite_begin)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self) -> None:
        """Bring the schema to the newest migration (creates it on an empty database)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection_url"] = self.url
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """One unit of work: committed when the block ends, rolled back on any error."""
        with self.sessions.begin() as session:
            if self.dialect == "sqlite":
                session.connection(execution_options={"sqlite_immediate": True})
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self.sessions() as session:
            yield session
