#!/usr/bin/env bash
# Set up, check (ruff, mypy) and run the whole test suite: SQLite always, PostgreSQL too where a server can be
# started here (scripts/start-postgres.sh), the queue with real workers and Redis (scripts/start-redis.sh),
# browser tests in Debian's Chromium. Screenshots go to test-artifacts/. Extra arguments go to pytest.
#
# The servers are this run's own: free loopback ports (or QUOTETRACK_PG_PORT / QUOTETRACK_REDIS_PORT) and data
# directories under a fresh temporary directory, stopped and removed on exit, so several checkouts on one
# machine never share one.
# (DATABASE_URL_TEST / REDIS_URL_TEST set beforehand: those servers are used and left alone.)
# The tests run on every core (pytest-xdist, TEST_WORKERS to choose); each worker has its own
# PostgreSQL and Redis database (tests/conftest.py).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh dev,postgres,worker
# Browser tests drive Debian's Chromium (Playwright's own browser download does not work here).
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    bash scripts/apt-install-quietly.sh chromium >/dev/null
fi

RUN_DIR=$(mktemp -d "${TMPDIR:-/tmp}/quotetrack-test.XXXXXX")
chmod 755 "$RUN_DIR"  # PostgreSQL runs as its own user and must reach its data directory inside
export QUOTETRACK_PG_DATA="$RUN_DIR/pg" QUOTETRACK_REDIS_DATA="$RUN_DIR/redis"
STARTED_PG="" STARTED_REDIS=""
stop_servers() {
    [ -n "$STARTED_PG" ] && bash scripts/stop-postgres.sh || true
    [ -n "$STARTED_REDIS" ] && QUOTETRACK_REDIS_PORT="$STARTED_REDIS" bash scripts/stop-redis.sh || true
    rm -rf "$RUN_DIR"
}
trap stop_servers EXIT
trap 'exit 130' INT TERM

if [ -z "${DATABASE_URL_TEST:-}" ]; then
    port=${QUOTETRACK_PG_PORT:-$(PYTHON=.venv/bin/python bash scripts/free-port.sh)}
    if url=$(QUOTETRACK_PG_PORT=$port bash scripts/start-postgres.sh); then
        export DATABASE_URL_TEST="$url"
        STARTED_PG=1
    else
        echo "PostgreSQL unavailable: the postgres variants of the storage tests are skipped" >&2
    fi
fi
# Redis: the broker for the queue tests (real `quotetrack worker` processes, tests/test_queue_processes.py).
if [ -z "${REDIS_URL_TEST:-}" ]; then
    port=${QUOTETRACK_REDIS_PORT:-$(PYTHON=.venv/bin/python bash scripts/free-port.sh)}
    if url=$(QUOTETRACK_REDIS_PORT=$port bash scripts/start-redis.sh); then
        export REDIS_URL_TEST="$url"
        STARTED_REDIS=$port
    else
        echo "Redis unavailable: the queue tests are skipped" >&2
    fi
fi
# Static checks first: lint, formatting, types and the layers (all configured in pyproject.toml).
.venv/bin/ruff check quotetrack api tests benchmarks
.venv/bin/ruff format --check quotetrack api tests benchmarks
.venv/bin/mypy quotetrack api
.venv/bin/lint-imports --no-cache
# --dist loadgroup: tests spread one by one over the workers, except those of one xdist_group
# (tests that share a module's server) which stay together. --basetemp: pytest's temporary
# directories (tmp_path: $RUN_DIR/pytest/popen-gw0/... one per worker) go with $RUN_DIR on exit instead of
# piling up in /tmp/pytest-of-$USER; a --basetemp of your own in the arguments wins.
.venv/bin/python -m pytest -n "${TEST_WORKERS:-auto}" --dist loadgroup --basetemp "$RUN_DIR/pytest" "$@"
