"""`pip install quotetrack` without the `worker` extra: the command line imports and the API
serves; a queued request answers 503 in the error shape saying what to install.

Faked: the absence of the extra. The packages are installed in this virtualenv, so each run
here is a subprocess whose first act is to put a meta-path finder in front of every other that
refuses to import celery, kombu, billiard, redis and gunicorn (what the extra brings), as a
machine without them would. Everything else is real: `quotetrack serve` on a loopback port,
a SQLite file, HTTP requests with urllib.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request

import pytest

from .conftest import ROOT
from .processes import call, free_port

WORKER_EXTRA = ("celery", "kombu", "billiard", "redis", "gunicorn")

# Run before anything else in the subprocess; then the command line as `quotetrack ARGS` runs it.
BLOCKER = f"""
import importlib.abc, runpy, sys

class WithoutWorkerExtra(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {WORKER_EXTRA!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}} (the worker extra is not installed)", name=name)
        return None

sys.meta_path.insert(0, WithoutWorkerExtra())
sys.argv = ["quotetrack", *sys.argv[1:]]
runpy.run_module("quotetrack.cli", run_name="__main__")
"""


def quotetrack(*args: str) -> list[str]:
    return [sys.executable, "-c", BLOCKER, *args]


@pytest.fixture
def env(tmp_path):
    return {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'plain.sqlite3'}",
        # A queue configured on a machine without the extra: the setting must not break what needs no queue.
        "BROKER_URL": "redis://127.0.0.1:9/0",
    }


def run(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(quotetrack(*args), env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_the_blocker_does_block_celery(env):
    probe = BLOCKER.replace('runpy.run_module("quotetrack.cli", run_name="__main__")', "import celery")
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "the worker extra is not installed" in done.stderr


def test_the_command_line_works_and_the_worker_says_what_to_install(env):
    assert run("--help", env=env).returncode == 0
    assert run("migrate", env=env).returncode == 0
    created = run("keys", "create", "--name", "plain", "--scope", "ingest", env=env)
    assert created.returncode == 0, created.stderr
    worker = run("worker", env=env)
    assert worker.returncode == 1
    assert "pip install 'quotetrack[worker]'" in worker.stderr and "Traceback" not in worker.stderr


def test_the_api_serves_and_a_queued_request_is_a_503_in_the_error_shape(env, tmp_path):
    key = run("keys", "create", "--name", "plain", "--scope", "ingest", env=env)
    assert key.returncode == 0, key.stderr
    headers = {"Authorization": f"Bearer {key.stdout.strip().splitlines()[-1]}"}
    port = free_port()
    log = open(tmp_path / "serve.log", "w")  # noqa: SIM115 (closed below)
    server = subprocess.Popen(
        quotetrack("serve", "--port", str(port)), env=env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
    )
    base = f"http://127.0.0.1:{port}/api/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert server.poll() is None, (tmp_path / "serve.log").read_text()
            try:
                urllib.request.urlopen(f"{base}/openapi.json", timeout=10)
                break
            except OSError:
                assert time.monotonic() < deadline, "the API did not answer in 120 s"
                time.sleep(0.3)
        status, page, _ = call("GET", f"{base}/speakers")
        assert status == 200 and page["total"] == 0

        article = {"text": "“We will not comply,” the mayor said.", "outlet": "Test"}
        for path, body, extra in (
            ("/articles", article, {"Prefer": "respond-async"}),
            ("/articles/batch", [article], {}),
        ):
            status, error, answer_headers = call("POST", base + path, body, {**headers, **extra})
            assert status == 503, error
            assert set(error) == {"code", "status", "message", "errors"} and error["code"] == 503
            assert "pip install 'quotetrack[worker]'" in error["message"]
            assert answer_headers["Retry-After"]
    finally:
        server.terminate()
        server.wait(timeout=30)
        log.close()
    assert "needs the worker extra" in (tmp_path / "serve.log").read_text()  # logged for the operator too
