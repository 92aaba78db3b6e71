#!/usr/bin/env bash
# Set up, check (ruff, mypy) and run the whole test suite: SQLite always, PostgreSQL too where a server can be
# started here (scripts/start-postgres.sh), the queue with real workers and Redis (scripts/start-redis.sh),
# browser tests in Debian's Chromium. Screenshots go to test-artifacts/. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev,postgres,worker
# Browser tests drive Debian's Chromium (Playwright's own browser download does not work here).
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
if [ -z "${DATABASE_URL_TEST:-}" ]; then
    if url=$(bash scripts/start-postgres.sh); then
        export DATABASE_URL_TEST="$url"
    else
        echo "PostgreSQL unavailable: the postgres variants of the storage tests are skipped" >&2
    fi
fi
# Redis: the broker for the queue tests (real `quotetrack worker` processes, tests/test_queue_processes.py).
if [ -z "${REDIS_URL_TEST:-}" ]; then
    if url=$(bash scripts/start-redis.sh); then
        export REDIS_URL_TEST="$url"
    else
        echo "Redis unavailable: the queue tests are skipped" >&2
    fi
fi
# Static checks first: lint, formatting and types (configured in pyproject.toml).
.venv/bin/ruff check quotetrack api tests benchmarks
.venv/bin/ruff format --check quotetrack api tests benchmarks
.venv/bin/mypy quotetrack api
exec .venv/bin/python -m pytest "$@"
