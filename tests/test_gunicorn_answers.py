"""What used to be gunicorn's HTML is in the one error shape: a request past REQUEST_TIMEOUT is
stopped by the app (a 503, the worker lives on), and what gunicorn answers itself (a request line
over its limit, a header too large, a worker stopped past --timeout) is JSON {code, status, message,
errors} too (issue 22, finding 8).

Real: gunicorn processes on loopback ports serving the app on a migrated SQLite file, over real
HTTP. Faked: the slow work is the test-only view /test/slow of tests/slow_app.py (a Python sleep
loop), so no test burns minutes of CPU on a hostile input to be slow.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import urllib.error
import urllib.request

import pytest

from .processes import Stack

pytest.importorskip("gunicorn")

SHAPE = {"code", "status", "message", "errors"}


def fetch(url: str, headers: dict | None = None) -> tuple[int, dict, dict]:
    """GET `url`; (status, the JSON body, headers). A body that is not JSON fails the test here."""
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, raw, answer_headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, raw, answer_headers = error.code, error.read(), error.headers
    assert answer_headers["Content-Type"].startswith("application/json"), (status, raw[:300])
    return status, json.loads(raw), dict(answer_headers)


def serve(tmp_path, timeout: int, **env: str) -> Stack:
    url = f"sqlite:///{tmp_path / 'archive.sqlite3'}"
    stack = Stack({**os.environ, "DATABASE_URL": url, **env}, logs=tmp_path)
    stack.run("migrate")
    stack.start_api(web_workers=1, app="tests.slow_app:create_app()", timeout=timeout)
    return stack


def worker_pids(stack: Stack) -> list[str]:
    assert stack.api is not None
    return subprocess.run(["pgrep", "-P", str(stack.api.pid)], capture_output=True, text=True).stdout.split()


def test_request_past_request_timeout_is_a_503_in_the_shape_and_the_worker_lives_on(tmp_path):
    stack = serve(tmp_path, timeout=8, REQUEST_TIMEOUT="2")
    try:
        before = worker_pids(stack)
        started = time.monotonic()
        status, body, headers = fetch(f"{stack.base}/test/slow?seconds=30")
        took = time.monotonic() - started
        assert status == 503 and set(body) == SHAPE and body["code"] == 503, body
        assert "longer than 2 s" in body["message"]
        assert int(headers["Retry-After"]) > 0
        assert 2 <= took < 6, took  # the app's limit, not gunicorn's --timeout (8 s)
        status, body, _ = fetch(f"{stack.base}/api/v1/quotes")
        assert status == 200 and body["total"] == 0
        assert worker_pids(stack) == before  # the same worker answered: nobody was killed
        assert "WORKER TIMEOUT" not in (tmp_path / "api.log").read_text()
    finally:
        stack.stop()


def test_what_gunicorn_answers_itself_is_in_the_shape(tmp_path):
    """414 and 431 come from gunicorn's parser, before the app; a worker stopped past gunicorn's
    --timeout (the app's own limit off here, as when a C call outlasts it) answers 500."""
    stack = serve(tmp_path, timeout=2, REQUEST_TIMEOUT="0")
    try:
        status, body, headers = fetch(f"{stack.base}/api/v1/quotes?q={'a' * 5000}")
        assert status == 414 and set(body) == SHAPE and body["code"] == 414, body
        assert "too large" in body["message"]
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["Server"] == "quotetrack"

        status, body, _ = fetch(f"{stack.base}/api/v1/quotes", headers={"X-Padding": "b" * 9000})
        assert status == 431 and set(body) == SHAPE and body["code"] == 431, body

        status, body, _ = fetch(f"{stack.base}/test/slow?seconds=30")
        assert status == 500 and set(body) == SHAPE and body["code"] == 500, body
        assert "WORKER TIMEOUT" in (tmp_path / "api.log").read_text()  # gunicorn's stop, not the app's
    finally:
        stack.stop()
