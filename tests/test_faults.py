"""Database faults: missing, deleted, read-only (SQLite); stopped and frozen (PostgreSQL). Every
answer is a 503 in the error shape with Retry-After (never an empty page presented as the truth),
/readyz says why, /healthz stays up, and the app recovers by itself when the database returns.

Real: SQLite files on disk (made immutable with chattr +i, as the audit did: root's writes ignore
file modes), and a PostgreSQL server of this test's own (initdb on a free loopback port, never the
shared one), stopped with pg_ctl and frozen with SIGSTOP. Nothing faked.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from glob import glob
from pathlib import Path

import pytest
from sqlalchemy import text

from .conftest import make_key, migrate

ARTICLE = {"text": "“We will keep the shelters open,” Gov. Linda Marsh said on Friday.", "outlet": "Example Times"}


def assert_unavailable(response):
    assert response.status_code == 503, response.get_data(as_text=True)
    body = response.get_json()
    assert set(body) == {"code", "status", "message", "errors"} and body["code"] == 503
    assert int(response.headers["Retry-After"]) > 0
    return body


def make_app(url, **config):
    from api import create_app

    return create_app({"DATABASE_URL": url, "MAX_ARTICLE_CHARS": 20_000, "TESTING": True, **config})


def remove_sqlite(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


# -- SQLite --------------------------------------------------------------------------------------
def archive_with_one_article(tmp_path):
    """A migrated SQLite file served by a test app, with ARTICLE ingested through the API."""
    path = tmp_path / "archive.sqlite3"
    url = f"sqlite:///{path}"
    migrate(url)
    app = make_app(url)
    client, auth = app.test_client(), make_key(app)
    assert client.post("/api/v1/articles", json=ARTICLE, headers=auth).status_code == 201
    return path, url, app, client, auth


def test_every_sqlite_connection_of_the_web_app_has_wal_busy_timeout_and_synchronous_normal(tmp_path, nlp):
    path, url, app, client, auth = archive_with_one_article(tmp_path)
    engine = app.extensions["quotetrack"].db.engine
    engine.dispose()
    with engine.connect() as first, engine.connect() as second:  # two fresh connections of the pool
        for connection in (first, second):
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == 30_000
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
    engine.dispose()


def test_missing_sqlite_file_is_503_and_never_created_by_the_web_app(tmp_path, nlp):
    path = tmp_path / "archive.sqlite3"
    app = make_app(f"sqlite:///{path}")
    client = app.test_client()
    assert_unavailable(client.get("/api/v1/quotes"))
    assert_unavailable(client.get("/api/v1/speakers/tom-homan"))
    ready = client.get("/readyz")
    assert_unavailable(ready)
    assert "does not exist" in ready.get_json()["message"]
    assert client.get("/healthz").status_code == 200
    assert not path.exists()  # not silently created as an empty archive
    migrate(f"sqlite:///{path}")  # what `quotetrack migrate` does
    assert client.get("/api/v1/quotes").status_code == 200  # recovered without a restart
    assert client.get("/readyz").status_code == 200
    app.extensions["quotetrack"].db.engine.dispose()


def test_sqlite_file_deleted_while_serving_is_503_not_the_deleted_copy(tmp_path, nlp):
    path, url, app, client, auth = archive_with_one_article(tmp_path)
    assert client.get("/api/v1/quotes").get_json()["total"] == 1  # a pooled connection now holds the file
    remove_sqlite(path)
    assert_unavailable(client.get("/api/v1/quotes"))  # not total 1 from the unlinked inode
    assert_unavailable(client.post("/api/v1/verify", json={"text": "shelters open"}))
    assert_unavailable(client.get("/readyz"))
    assert not path.exists()
    migrate(url)  # restored (here: an empty archive)
    assert client.get("/api/v1/quotes").get_json()["total"] == 0
    app.extensions["quotetrack"].db.engine.dispose()


def test_read_only_sqlite_file_serves_reads_and_answers_writes_503(tmp_path, nlp):
    path, url, app, client, auth = archive_with_one_article(tmp_path)
    app.extensions["quotetrack"].db.engine.dispose()  # checkpoint the WAL into the file
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)]).returncode != 0:
        pytest.skip("chattr +i unavailable here (needs root and a filesystem with attributes)")
    try:
        assert client.get("/api/v1/quotes").get_json()["total"] == 1
        write = client.post("/api/v1/articles", json={**ARTICLE, "text": ARTICLE["text"] + " Again."}, headers=auth)
        assert_unavailable(write)
        assert client.get("/api/v1/quotes").get_json()["total"] == 1  # nothing half-written
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)
    answer = client.post("/api/v1/articles", json={**ARTICLE, "text": ARTICLE["text"] + " Again."}, headers=auth)
    assert answer.status_code == 201  # writable again: recovered by itself
    app.extensions["quotetrack"].db.engine.dispose()


# -- PostgreSQL (a server of this test's own) ---------------------------------------------------
def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class OwnPostgres:
    """A throwaway PostgreSQL cluster in a temporary directory (as scripts/start-postgres.sh does)."""

    def __init__(self):
        binaries = sorted(glob("/usr/lib/postgresql/*/bin/initdb"))
        if not binaries:
            pytest.skip("no PostgreSQL server binaries (scripts/test.sh installs them)")
        self.bin = Path(binaries[-1]).parent
        # Under /tmp itself: pytest's tmp_path sits in a root-only directory the postgres user cannot enter.
        self.directory = Path(tempfile.mkdtemp(prefix="quotetrack-faults-pg-"))
        self.data = self.directory / "pgdata"
        self.port = _free_port()
        self.as_postgres = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []
        self.data.mkdir()
        if os.getuid() == 0:
            shutil.chown(self.directory, "postgres")
            shutil.chown(self.data, "postgres")
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres")
        self.start()
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self.as_postgres, str(self.bin / tool), *args], check=True, capture_output=True)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.data} -c listen_addresses=127.0.0.1"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.data / "log"), "-w", "-o", options, "start")

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def pids(self) -> list[int]:
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["pgrep", "-P", str(postmaster)], capture_output=True, text=True).stdout.split()
        return [postmaster, *map(int, children)]

    def signal(self, sig: int) -> None:
        for pid in self.pids():
            os.kill(pid, sig)


@pytest.fixture
def own_postgres():
    server = OwnPostgres()
    yield server
    try:
        server.signal(signal.SIGCONT)
    except (OSError, ValueError):
        pass
    try:
        server.stop()
    except subprocess.CalledProcessError:
        pass
    shutil.rmtree(server.directory, ignore_errors=True)


@pytest.mark.postgres
def test_postgres_stopped_is_503_and_recovers_when_it_returns(own_postgres, nlp):
    migrate(own_postgres.url)
    app = make_app(own_postgres.url, DB_CONNECT_TIMEOUT=2, DB_STATEMENT_TIMEOUT=2)
    client, auth = app.test_client(), make_key(app)
    assert client.post("/api/v1/articles", json=ARTICLE, headers=auth).status_code == 201
    own_postgres.stop()
    started = time.monotonic()
    assert_unavailable(client.get("/api/v1/quotes"))
    assert_unavailable(client.get("/api/v1/speakers?q=marsh"))
    assert_unavailable(client.get("/readyz"))
    assert client.get("/healthz").status_code == 200
    assert time.monotonic() - started < 15
    own_postgres.start()
    assert client.get("/api/v1/quotes").get_json()["total"] == 1  # the pool reconnects by itself
    assert client.get("/readyz").status_code == 200
    app.extensions["quotetrack"].db.engine.dispose()


@pytest.mark.postgres
def test_postgres_frozen_answers_503_within_the_timeouts_then_recovers(own_postgres, nlp):
    migrate(own_postgres.url)
    app = make_app(own_postgres.url, DB_CONNECT_TIMEOUT=2, DB_STATEMENT_TIMEOUT=2)
    client = app.test_client()
    assert client.get("/api/v1/quotes").status_code == 200  # a pooled connection to the server
    own_postgres.signal(signal.SIGSTOP)
    try:
        for url in ("/api/v1/quotes", "/api/v1/statements", "/readyz"):
            started = time.monotonic()
            assert_unavailable(client.get(url))  # pooled: the watchdog; new: connect_timeout
            assert time.monotonic() - started < 12, url
    finally:
        own_postgres.signal(signal.SIGCONT)
    assert client.get("/api/v1/quotes").status_code == 200
    assert client.get("/readyz").status_code == 200
    app.extensions["quotetrack"].db.engine.dispose()


@pytest.mark.postgres
def test_postgres_statement_timeout_is_set_and_a_slow_statement_is_503(own_postgres, nlp):
    from api.faults import is_unavailable

    migrate(own_postgres.url)
    app = make_app(own_postgres.url, DB_STATEMENT_TIMEOUT=1)
    engine = app.extensions["quotetrack"].db.engine
    with engine.connect() as connection:
        assert connection.execute(text("SHOW statement_timeout")).scalar() == "1s"
        with pytest.raises(Exception) as error:
            connection.execute(text("SELECT pg_sleep(3)"))
    assert is_unavailable(error.value)  # answered as a 503, not a 500
    engine.dispose()


def test_readyz_checks_the_broker_when_one_is_set(tmp_path, nlp):
    url = f"sqlite:///{tmp_path / 'archive.sqlite3'}"
    migrate(url)
    with socket.socket() as sock:  # a port nothing listens on: bound, then closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    app = make_app(url, BROKER_URL=f"redis://127.0.0.1:{port}/0")
    ready = app.test_client().get("/readyz")
    assert_unavailable(ready)
    assert set(ready.get_json()["errors"]) == {"broker"}
    assert app.test_client().get("/api/v1/quotes").status_code == 200  # reads do not need the broker
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        app.config["BROKER_URL"] = f"redis://127.0.0.1:{listening.getsockname()[1]}/0"
        assert app.test_client().get("/readyz").status_code == 200
    app.extensions["quotetrack"].db.engine.dispose()
