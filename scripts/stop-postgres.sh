#!/usr/bin/env bash
# Stop the PostgreSQL server that scripts/start-postgres.sh started on the data directory
# QUOTETRACK_PG_DATA (no-op when none runs there).
set -euo pipefail
DATA="${QUOTETRACK_PG_DATA:-/tmp/quotetrack-pg}"
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || exit 0
BIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n1)")
AS_PG=()
if [ "$(id -u)" = 0 ]; then AS_PG=(runuser -u postgres --); fi
if "${AS_PG[@]}" "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    "${AS_PG[@]}" "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
fi
