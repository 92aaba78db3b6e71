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


SQLITE_BUSY_TIMEOUT_MS = 30_000


def _sqlite_connect(dbapi_connection, _record) -> None:
    # pysqlite's own transaction handling starts transactions late and never IMMEDIATE; we
    # issue BEGIN ourselves (see _sqlite_begin). WAL lets readers go on while one writes.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    # Set on the connection itself, not only through sqlite3's `timeout` argument: whoever builds
    # the connection (the web app rewrites its arguments, api/faults.py), a writer waits up to
    # 30 s for another instead of failing with "database is locked". First, so that switching
    # to WAL below waits too.
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    # In WAL mode NORMAL syncs at checkpoints, not at every commit: a commit survives the process
    # being killed, and the file stays consistent; only a power loss or OS crash can roll back the
    # last commits (README "Which database"). FULL would fsync every commit.
    cursor.execute("PRAGMA synchronous=NORMAL")
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
        # SQLite: wait up to 30 s for another writer rather than failing with "database is locked"
        # (and PRAGMA busy_timeout again on every connection, in _sqlite_connect).
        connect_args = {"timeout": SQLITE_BUSY_TIMEOUT_MS / 1000} if sqlite else {}
        self.engine: Engine = create_engine(url, future=True, connect_args=connect_args)
        self.dialect = self.engine.dialect.name
        if self.dialect == "sqlite":
            event.listen(self.engine, "connect", _sqlite_connect)
            event.listen(self.engine, "begin", _sqlite_begin)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self, target: str = "head") -> None:
        """Bring the schema to the newest migration (creates it on an empty database)."""
        self._run_migrations(command.upgrade, target)

    def downgrade(self, target: str) -> None:
        """Take the schema back to an earlier migration (operators' escape hatch, and tests)."""
        self._run_migrations(command.downgrade, target)

    def _run_migrations(self, action, target: str) -> None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection_url"] = self.url
        with self.engine.connect() as connection:
            raw = connection.connection.dbapi_connection
            if self.dialect == "sqlite" and raw is not None:
                # Batch migrations rebuild a table (copy, drop, rename): with foreign keys on,
                # dropping the old table would cascade into the rows that refer to it. SQLite
                # ignores this pragma inside a transaction, so it is set before BEGIN, and
                # the keys are checked once the migration is committed.
                raw.execute("PRAGMA foreign_keys=OFF")
            try:
                with connection.begin():
                    config.attributes["connection"] = connection
                    action(config, target)
                if self.dialect == "sqlite" and raw is not None:
                    broken = raw.execute("PRAGMA foreign_key_check").fetchall()
                    if broken:
                        raise RuntimeError(f"migration to {target} left rows with broken references: {broken[:5]}")
            finally:
                if self.dialect == "sqlite" and raw is not None:
                    raw.execute("PRAGMA foreign_keys=ON")

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
