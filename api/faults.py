"""Database faults seen from the web app: bounded waits, no silent creation, 503 instead of 500.

Attached to the app's engine through SQLAlchemy events (the library's `Database` stays as the
CLI uses it):

- PostgreSQL: `connect_timeout` and `statement_timeout` on every connection, TCP keepalives, and a
  watchdog that shuts down the socket of a statement still waiting past the statement timeout plus
  a grace period (a frozen server enforces no timeout of its own); the pool then drops it.
- SQLite: the file is opened read-write but never created (`quotetrack migrate` creates it), and a file
  deleted while serving is noticed at the next checkout instead of answering from the unlinked inode.
  Nothing here opens the file outside SQLite (see `writable`): only stat() and access().
- Errors that mean "the database is not there or cannot write" become 503 with Retry-After in the
  one error shape; the next request tries again, so the app recovers by itself.
"""

from __future__ import annotations

import logging
import os
import socket
import sqlite3
import threading
import time
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import event, exc
from sqlalchemy.engine import Engine

log = logging.getLogger(__name__)

RETRY_AFTER = 5  # seconds, in 503 answers

# sqlite3 messages that mean the file is missing, read-only, locked too long or broken.
_SQLITE_UNAVAILABLE = (
    "unable to open database",
    "readonly database",
    "read-only",
    "database is locked",
    "disk i/o error",
    "no such table",
    "file is not a database",
    "database disk image is malformed",
    "database or disk is full",
)


class DatabaseMissing(exc.DisconnectionError):
    """The SQLite file is not there (never created, or deleted while serving)."""


def sqlite_path(engine: Engine) -> Path | None:
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:" or database.startswith("file:"):
        return None
    return Path(database)


def is_unavailable(error: BaseException) -> bool:
    """Whether a database error means 'not reachable, not writable or not there' (503), not a bug (500)."""
    if isinstance(error, exc.DBAPIError) and error.connection_invalidated:
        return True
    if isinstance(error, (exc.DisconnectionError, exc.TimeoutError)):
        return True
    if isinstance(error, exc.DBAPIError) and isinstance(error.orig, sqlite3.Error):
        # sqlite3 calls a bug ("no such column") an OperationalError too: only these messages are faults
        message = str(error.orig).lower()
        return any(text in message for text in _SQLITE_UNAVAILABLE)
    if isinstance(error, exc.OperationalError):
        return True  # PostgreSQL: server gone, refused, timed out, cancelled by statement_timeout, read-only
    if isinstance(error, exc.DBAPIError):
        sqlstate = getattr(error.orig, "sqlstate", None) or ""
        # 08: connection exception; 25006: read-only transaction; 53: insufficient resources;
        # 57: operator intervention (shutdown, statement timeout); 58: system error
        return sqlstate.startswith(("08", "53", "57", "58")) or sqlstate == "25006"
    return False


class Watchdog:
    """Shuts down the socket of any PostgreSQL statement running past its deadline.

    One thread for the process; statements register on start and leave on end. Shutting down
    (not closing) the socket makes libpq's wait return with an error, so the worker gets an
    OperationalError, SQLAlchemy invalidates that connection, and no file descriptor is reused
    under libpq's feet."""

    def __init__(self, limit: float):
        self.limit = limit
        self.running: dict[int, tuple[float, int]] = {}  # id(dbapi connection) -> (deadline, socket fd)
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None

    def start(self, key: int, fd: int) -> None:
        with self.lock:
            self.running[key] = (time.monotonic() + self.limit, fd)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._watch, name="quotetrack-db-watchdog", daemon=True)
                self.thread.start()

    def stop(self, key: int) -> None:
        with self.lock:
            self.running.pop(key, None)

    def _watch(self) -> None:
        while True:
            time.sleep(min(1.0, self.limit / 4))
            now = time.monotonic()
            with self.lock:
                late = [(key, fd) for key, (deadline, fd) in self.running.items() if deadline < now]
                for key, _ in late:
                    self.running.pop(key, None)
            for _, fd in late:
                log.warning("database statement past %.0f s: dropping its connection", self.limit)
                try:
                    sock = socket.socket(fileno=os.dup(fd))
                    try:
                        sock.shutdown(socket.SHUT_RDWR)
                    finally:
                        sock.close()  # closes our duplicate only
                except OSError:
                    pass


def guard(engine: Engine, connect_timeout: int, statement_timeout: int) -> None:
    """Attach timeouts, the missing-file check and the watchdog to `engine`."""
    if engine.dialect.name == "postgresql":
        _guard_postgres(engine, connect_timeout, statement_timeout)
    elif engine.dialect.name == "sqlite":
        _guard_sqlite(engine)


def _guard_postgres(engine: Engine, connect_timeout: int, statement_timeout: int) -> None:
    watchdog = Watchdog(statement_timeout + 2.0)

    @event.listens_for(engine, "do_connect")
    def _options(dialect, conn_rec, cargs, cparams):
        cparams.setdefault("connect_timeout", connect_timeout)
        options = cparams.get("options", "")
        cparams["options"] = f"{options} -c statement_timeout={statement_timeout * 1000}".strip()
        cparams.setdefault("keepalives", 1)
        cparams.setdefault("keepalives_idle", 10)
        cparams.setdefault("keepalives_interval", 5)
        cparams.setdefault("keepalives_count", 2)
        cparams.setdefault("tcp_user_timeout", (connect_timeout + statement_timeout) * 1000)

    def _dbapi(connection):
        return connection.connection.dbapi_connection

    @event.listens_for(engine, "before_cursor_execute")
    def _start(connection, cursor, statement, parameters, context, executemany):
        dbapi = _dbapi(connection)
        try:
            watchdog.start(id(dbapi), dbapi.pgconn.socket)
        except Exception:  # no socket (closed connection): the statement fails on its own
            pass

    @event.listens_for(engine, "after_cursor_execute")
    def _end(connection, cursor, statement, parameters, context, executemany):
        watchdog.stop(id(_dbapi(connection)))

    @event.listens_for(engine, "handle_error")
    def _failed(context):
        if context.connection is not None and context.connection.connection is not None:
            try:
                watchdog.stop(id(_dbapi(context.connection)))
            except Exception:
                pass

    # Also after the connection returns: a broken pooled connection is found by its failure and the
    # pool invalidated, so the next checkout reconnects (that is how the app recovers by itself).


def _guard_sqlite(engine: Engine) -> None:
    path = sqlite_path(engine)
    if path is None:
        return

    @event.listens_for(engine, "do_connect")
    def _open(dialect, conn_rec, cargs, cparams):
        # Read-write, never create: sqlite3 refuses with "unable to open database file".
        cargs[:] = [f"file:{quote(str(path.resolve()))}?mode=rw"]
        cparams.pop("database", None)
        cparams["uri"] = True

    @event.listens_for(engine, "handle_error")
    def _reopen_later(context):
        # A connection that found the file read-only, gone or broken keeps that view while it lives
        # (sqlite opens an unwritable file read-only for good): drop it, so the next request reopens.
        message = str(context.original_exception).lower()
        if any(text in message for text in _SQLITE_UNAVAILABLE if text != "database is locked"):
            context.is_disconnect = True

    def writable() -> bool:
        # Ask the kernel, never open the file: closing any descriptor of it drops every POSIX lock
        # this process holds on it, SQLite's shared lock included, and the next connection to close
        # anywhere then checkpoints and deletes the WAL under the workers (issue 22: acknowledged
        # writes lost, the file corrupted). access() also says no for an immutable file, even to root.
        return os.access(path, os.W_OK)

    @event.listens_for(engine, "connect")
    def _note_read_only(dbapi_connection, connection_record):
        # sqlite opens a file it cannot write read-only, and keeps it so: remember, to reopen it later.
        connection_record.info["read_only"] = not writable()

    @event.listens_for(engine, "checkout")
    def _still_there(dbapi_connection, connection_record, connection_proxy):
        if not path.exists():
            # The pool discards this connection and connects again; mode=rw then fails: a 503.
            raise DatabaseMissing(f"{path} does not exist")
        if connection_record.info.get("read_only") and writable():
            raise exc.DisconnectionError(f"{path} is writable again")
