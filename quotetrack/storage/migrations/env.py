"""Alembic environment: runs on the connection Database.migrate() hands over."""

from alembic import context
from sqlalchemy import create_engine

from quotetrack.storage.models import Base

config = context.config
target_metadata = Base.metadata


def run() -> None:
    connection = config.attributes.get("connection")
    if connection is None:  # `alembic` command line: DATABASE_URL from the ini or env
        import os

        url = os.environ.get("DATABASE_URL", "sqlite:///quotetrack.sqlite3")
        with create_engine(url).begin() as connection:
            _migrate(connection)
    else:
        _migrate(connection)


def _migrate(connection) -> None:
    context.configure(
        connection=connection, target_metadata=target_metadata, render_as_batch=connection.dialect.name == "sqlite"
    )
    with context.begin_transaction():
        context.run_migrations()


run()
