#!/usr/bin/env bash
# Start a throwaway Redis server (the Celery broker for the queue tests) on a loopback port
# and print its URL. Installs Debian's redis-server when it is missing (needs root; the package's own
# service is neither started nor left enabled at boot). Idempotent.
set -euo pipefail

PORT="${QUOTETRACK_REDIS_PORT:-63790}"
DATA="${QUOTETRACK_REDIS_DATA:-/tmp/quotetrack-redis}"
if ! command -v redis-server >/dev/null; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "no redis-server and no root apt-get to install one" >&2; exit 1
    fi
    bash "$(dirname "$(readlink -f "$0")")/apt-install-quietly.sh" redis-server >&2
fi
if ! redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; then
    mkdir -p "$DATA"
    # No persistence: a broker for tests and development; the jobs table keeps the state that matters.
    redis-server --port "$PORT" --bind 127.0.0.1 --dir "$DATA" --save '' --appendonly no \
        --daemonize yes --logfile "$DATA/server.log" --pidfile "$DATA/redis.pid" >&2
    for _ in $(seq 50); do
        redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG && break
        sleep 0.1
    done
fi
redis-cli -h 127.0.0.1 -p "$PORT" ping | grep -q PONG
echo "redis://127.0.0.1:$PORT/0"
