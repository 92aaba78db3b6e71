"""Schemathesis (4.32, all checks) over the app's whole OpenAPI document: no server error, no
schema violation.

Real: the app is served over HTTP by werkzeug's threaded server on a loopback port (not
schemathesis' WSGI mode), on a real SQLite file and, where DATABASE_URL_TEST is set, PostgreSQL
(NUL characters and integer ranges fail only there), migrated and seeded with two seed articles
through the real NLP pipeline, with a real API key (scopes ingest and curate) so the write
endpoints (ingest, corrections, merge, split) run too. Schemathesis runs as its own process (the
`st` command), every phase (examples, coverage, fuzzing, stateful), bounded examples per
operation and a fixed seed (SCHEMATHESIS_SEED to vary it, SCHEMATHESIS_EXAMPLES for more).

Faked: nothing in the app; rate limits are switched off for this run (they would answer 429 to
a fuzzer's bursts; tests/test_hardening.py tests them).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from quotetrack import service
from quotetrack.sources.files import read_path
from quotetrack.storage import Database, keys

from .conftest import SEEDS

pytestmark = [pytest.mark.schemathesis, pytest.mark.model]

CONFIG = """
[dictionaries.speakers]
values = ["tom-homan", "ice", "maura-healey", "1", "2"]

[dictionaries.cards]
values = ["{base}/cards/quotes/1", "{base}/cards/quotes/5", "{base}/cards/statements/1", "{base}/cards/statements/3"]

[parameters]
"path.id_or_slug" = { dictionary = "speakers", probability = 0.5 }
"body.into" = { dictionary = "speakers", probability = 0.5 }
"query.url" = { dictionary = "cards", probability = 0.5 }

# Ingest and extract judge the text itself, which no schema can: a page with no article body, an
# article over MAX_ARTICLE_CHARS or past the extraction time budget is a documented 422 (or 413).
[[operations]]
include-path-regex = "^/api/v1/(articles|articles/batch|extract)$"
checks.positive_data_acceptance.expected-statuses = ["2xx", "401", "403", "404", "409", "413", "422", "429"]

# oEmbed answers a format other than json (xml) with 501 by design, as the oEmbed spec says.
[[operations]]
include-path-regex = "^/api/v1/oembed$"
checks.not_a_server_error.expected-statuses = ["2xx", "3xx", "4xx", "501"]
"""


@pytest.fixture
def served(database_url, nlp):
    from api import create_app

    url = database_url
    database = Database(url)
    database.migrate()
    for number, sourced in enumerate(read_path(SEEDS)):
        if number == 2:
            break
        service.ingest(sourced.article, nlp, database, 200_000)
    with database.transaction() as session:
        _, key = keys.create_key(session, "schemathesis", ("ingest", "curate"))
    database.engine.dispose()
    app = create_app(
        {"DATABASE_URL": url, "MAX_ARTICLE_CHARS": 5_000, "RATE_LIMIT_PER_ADDRESS": "", "RATE_LIMIT_PER_KEY": ""}
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}", key
    server.shutdown()
    app.extensions["quotetrack"].db.engine.dispose()


def test_schemathesis_finds_no_server_error_and_no_schema_violation(served, database_url, tmp_path):
    base, key = served
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG.replace("{base}", base), encoding="utf-8")
    st = Path(sys.executable).with_name("st")
    command = [
        str(st),
        "--config-file",
        str(config),
        "run",
        f"{base}/api/v1/openapi.json",
        "--checks",
        "all",
        "--max-examples",
        os.environ.get("SCHEMATHESIS_EXAMPLES", "25"),
        "--seed",
        os.environ.get("SCHEMATHESIS_SEED", "20261203"),
        # One worker: with several, hypothesis' lambda descriptions call ast.parse from threads at once, which
        # CPython 3.11 answers with "AST constructor recursion depth mismatch" (a runtime error, not the API's).
        "--workers",
        "1",
        "--generation-database",
        "none",
        "--request-timeout",
        "60",
        "--header",
        f"Authorization: Bearer {key}",
        "--no-color",
        "--report",
        "junit",
        "--report-dir",
        str(tmp_path / "report"),
    ]
    run = subprocess.run(command, capture_output=True, text=True, timeout=900, cwd=tmp_path)
    output = run.stdout + run.stderr
    Path("test-artifacts").mkdir(exist_ok=True)
    Path(f"test-artifacts/schemathesis-{database_url.split(':')[0].split('+')[0]}.txt").write_text(output, "utf-8")
    assert run.returncode == 0, output[-12000:]
