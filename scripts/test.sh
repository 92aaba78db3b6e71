#!/usr/bin/env bash
# Set up and run the whole test suite: SQLite always, PostgreSQL too where a server can be
# started here (scripts/start-postgres.sh). Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh dev,postgres,worker
if [ -z "${DATABASE_URL_TEST:-}" ]; then
    if url=$(bash scripts/start-postgres.sh); then
        export DATABASE_URL_TEST="$url"
    else
        echo "PostgreSQL unavailable: the postgres variants of the storage tests are skipped" >&2
    fi
fi
exec .venv/bin/python -m pytest "$@"
