"""The `quotetrack` command as a user runs it, and the API over real HTTP (gunicorn on a
loopback port), on the seed articles."""

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from .conftest import ROOT, SEEDS

pytestmark = pytest.mark.model
QUOTETRACK = [sys.executable, "-m", "quotetrack.cli"]


def run(args, env):
    return subprocess.run(QUOTETRACK + args, env=env, cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def seeded_env(tmp_path_factory):
    database = tmp_path_factory.mktemp("db") / "seeds.sqlite3"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{database}"}
    result = run(["ingest", str(SEEDS)], env)
    assert result.returncode == 0, result.stderr
    return env


@pytest.fixture(scope="module")
def api_key(seeded_env):
    result = run(["keys", "create", "--name", "http tests", "--scope", "ingest,curate"], seeded_env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_keys_are_listed_and_revoked_by_name(seeded_env):
    created = run(["keys", "create", "--name", "temp", "--scope", "ingest"], seeded_env)
    key = created.stdout.strip().splitlines()[-1]
    assert key.startswith("qt_") and len(key) > 40
    assert run(["keys", "create", "--name", "temp"], seeded_env).returncode != 0  # one active key per name
    assert run(["keys", "create", "--name", "other", "--scope", "admin"], seeded_env).returncode != 0
    listing = run(["keys", "list"], seeded_env).stdout
    assert "temp\t" + key[:10] in listing and key not in listing  # only the prefix is ever shown
    assert run(["keys", "revoke", "temp"], seeded_env).returncode == 0
    assert "revoked" in run(["keys", "list"], seeded_env).stdout
    assert run(["keys", "revoke", "temp"], seeded_env).returncode != 0


def test_extract_prints_one_json_object_per_quote(tmp_path):
    result = run(["extract", *sorted(str(p) for p in SEEDS.glob("*.txt")), "--format", "jsonl"], dict(os.environ))
    assert result.returncode == 0, result.stderr
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(records) > 30
    for record in records:
        assert {"source", "start", "end", "text", "kind", "speaker", "speaker_mention", "cue", "confidence"} <= set(
            record
        )
        text = Path(record["source"]).read_text(encoding="utf-8")
        assert text[record["start"] : record["end"]] == record["text"]
    assert any(r["speaker"] == "Tom Homan" and r["speaker_mention"] == "he" for r in records)


def test_ingest_is_idempotent_and_reports_each_article(seeded_env):
    result = run(["ingest", str(SEEDS)], seeded_env)
    assert result.returncode == 0
    assert result.stdout.count("already stored") == 5


def test_bad_path_is_a_clear_error(tmp_path):
    bad = tmp_path / "broken.json"
    bad.write_text("{not json")
    result = run(["extract", str(bad)], dict(os.environ))
    assert result.returncode != 0 and "not JSON" in result.stderr


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def server(seeded_env):
    port = _free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            "1",
            "--timeout",
            "120",
            "api:create_app()",
        ],
        env={**seeded_env, "COREF_ENABLED": "false"},
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"gunicorn exited: {process.stderr.read().decode()[-2000:]}")
        try:
            urllib.request.urlopen(f"{base}/api/v1/openapi.json", timeout=10)
            break
        except OSError:  # refused while gunicorn starts, or timed out while its worker boots
            time.sleep(0.3)
    yield base
    process.terminate()
    process.wait(timeout=10)


def get(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, json.load(response)


def test_homans_quotes_from_two_outlets_over_http(server):
    status, page = get(f"{server}/api/v1/speakers/tom-homan/quotes?per_page=50")
    assert status == 200
    outlets = {q["article"]["outlet"] for q in page["items"]}
    assert {"The Boston Globe", "Local news report"} <= outlets
    assert any(q["text"].startswith("Either she helps us") for q in page["items"])


def post_error(url, headers):
    request = urllib.request.Request(
        url, data=b"{oops", method="POST", headers={"Content-Type": "application/json", **headers}
    )
    with pytest.raises(urllib.error.HTTPError) as error:
        urllib.request.urlopen(request, timeout=30)
    assert set(json.load(error.value)) == {"code", "status", "message", "errors"}
    return error.value


def test_errors_over_http_have_the_documented_shape(server, api_key):
    assert post_error(f"{server}/api/v1/articles", {"Authorization": f"Bearer {api_key}"}).code == 400
    missing = post_error(f"{server}/api/v1/articles", {})
    assert missing.code == 401 and missing.headers["WWW-Authenticate"].startswith("Bearer")
