"""SQLite under real processes: every write the API acknowledged is in the file afterwards.

The audit's reproduction (issue 22, finding 1), with nothing faked: the API under gunicorn with two
workers on a SQLite file, articles posted with a key, one web worker SIGTERMed mid-run (gunicorn
starts another), `quotetrack ingest` run on a file beside the server, a plain sqlite3 reader opened
and closed, more articles posted, the server stopped. Any of those closing connections used to
checkpoint and delete the WAL while the workers still wrote to it (a worker's own open/close of the
file had dropped its POSIX locks): the later writes were answered 201 and lost, or the file broke.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

from .processes import QUOTETRACK, Stack, call

SPEAKERS = ["Linda Marsh", "Tom Alvarez", "Ruth Okafor", "Sam Becker", "Nina Patel", "Omar Haddad"]


def article(n: int) -> dict:
    """A short article (one quote), distinct by its URL and text: extraction stays quick."""
    speaker = SPEAKERS[n % len(SPEAKERS)]
    return {
        "text": f"“We will keep shelter number {n} open through the winter,” {speaker} said on Friday.",
        "outlet": "Example Times",
        "url": f"https://example.invalid/sqlite-{n}",
    }


def gunicorn_workers(master: int) -> list[int]:
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    return sorted(map(int, children))


def test_every_acknowledged_write_survives_a_killed_worker_a_cli_ingest_and_a_reader(tmp_path, nlp):
    path = tmp_path / "archive.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{path}", "COREF_ENABLED": "false", "RATE_LIMIT_PER_ADDRESS": ""}
    stack = Stack(env, logs=tmp_path)
    acknowledged: list[str] = []

    def post(numbers, pool: ThreadPoolExecutor) -> None:
        # Two at a time, so both workers write at once.
        answers = list(pool.map(lambda n: call("POST", f"{base}/api/v1/articles", article(n), auth), numbers))
        for n, (status, body, _) in zip(numbers, answers, strict=True):
            assert status in (200, 201), (n, status, body)
            acknowledged.append(article(n)["url"])

    try:
        stack.run("migrate")
        key = stack.run_output("keys", "create", "--name", "sqlite-test", "--scope", "ingest").strip().splitlines()[-1]
        auth = {"Authorization": f"Bearer {key}"}
        base = stack.start_api(web_workers=2)
        assert stack.api is not None
        with ThreadPoolExecutor(2) as pool:
            post(range(0, 6), pool)

            # A worker stopped as gunicorn stops one (timeout, max-requests, a deploy): its
            # connections close. gunicorn starts a replacement.
            before = gunicorn_workers(stack.api.pid)
            assert len(before) == 2
            os.kill(before[0], signal.SIGTERM)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                now = gunicorn_workers(stack.api.pid)
                if len(now) == 2 and before[0] not in now:
                    break
                time.sleep(0.2)
            else:
                raise AssertionError(f"gunicorn did not replace worker {before[0]}")
            post(range(6, 8), pool)

            # The CLI beside the server: its own connection opens, writes and closes.
            text = tmp_path / "beside.txt"
            text.write_text("“The bridge will reopen in May,” Mayor Alice Brandt said.\n", encoding="utf-8")
            subprocess.run([str(QUOTETRACK), "ingest", str(text)], env=env, check=True, capture_output=True)

            # Any reader: sqlite3 on the command line, a backup script, a curious operator.
            reader = sqlite3.connect(path)
            reader.execute("SELECT count(*) FROM articles").fetchone()
            reader.close()

            post(range(8, 14), pool)
    finally:
        stack.stop()

    reopened = sqlite3.connect(path)
    try:
        assert reopened.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        stored = {url for (url,) in reopened.execute("SELECT url FROM articles")}
        missing = [url for url in acknowledged if url not in stored]
        assert not missing, f"acknowledged but not stored: {missing}"
        assert len(acknowledged) == 14
        assert reopened.execute("SELECT count(*) FROM articles WHERE url IS NULL").fetchone()[0] == 1  # the CLI's
    finally:
        reopened.close()
