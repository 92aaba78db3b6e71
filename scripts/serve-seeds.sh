#!/usr/bin/env bash
# Set up, ingest the five seed articles into the default SQLite database and serve the API
# on http://127.0.0.1:${PORT:-5000} (gunicorn). Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh worker
export DATABASE_URL="${DATABASE_URL:-sqlite:///$PWD/quotetrack.sqlite3}"
.venv/bin/quotetrack migrate   # once, here: the web workers do not migrate
.venv/bin/quotetrack ingest seeds/
# Writes need an API key: a fresh one for the local user on every start (the old one is revoked).
.venv/bin/quotetrack keys revoke local >/dev/null 2>&1 || true
.venv/bin/quotetrack keys create --name local --scope ingest,curate
echo "API on http://127.0.0.1:${PORT:-5000}/api/v1/ (docs: /api/v1/docs)"
exec .venv/bin/gunicorn -b "127.0.0.1:${PORT:-5000}" -w 2 --timeout 120 "api:create_app()"
