#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for the tests on a loopback port and print its URL.
# Installs Debian's server package when it is missing (needs root; the package's own service is
# neither started nor left enabled at boot). Idempotent.
set -euo pipefail

PORT="${QUOTETRACK_PG_PORT:-54329}"
DATA="${QUOTETRACK_PG_DATA:-/tmp/quotetrack-pg}"
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "no PostgreSQL server and no root apt-get to install one" >&2; exit 1
    fi
    bash "$(dirname "$(readlink -f "$0")")/apt-install-quietly.sh" postgresql >&2
fi
BIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n1)")
AS_PG=()
if [ "$(id -u)" = 0 ]; then AS_PG=(runuser -u postgres --); fi
if ! "${AS_PG[@]}" "$BIN/pg_ctl" -D "$DATA" status >/dev/null 2>&1; then
    rm -rf "$DATA"; mkdir -p "$DATA"
    [ "$(id -u)" = 0 ] && chown postgres "$DATA"
    "${AS_PG[@]}" "$BIN/initdb" -D "$DATA" -A trust -U postgres >/dev/null
    "${AS_PG[@]}" "$BIN/pg_ctl" -D "$DATA" -l "$DATA/server.log" -w \
        -o "-p $PORT -k /tmp -c listen_addresses=127.0.0.1" start >/dev/null
fi
"$BIN/psql" -h 127.0.0.1 -p "$PORT" -U postgres -tAc "SELECT 1 FROM pg_database WHERE datname='quotetrack_test'" | grep -q 1 \
    || "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U postgres quotetrack_test
echo "postgresql+psycopg://postgres@127.0.0.1:$PORT/quotetrack_test"
