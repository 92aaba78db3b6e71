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


def _sqlite_foreign_keys(dbapi_connection, _record) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Database:
    def __init__(self, url: str):
        self.url = url
        self.engine: Engine = create_engine(url, future=True)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_foreign_keys)
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
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self.sessions() as session:
            yield session
