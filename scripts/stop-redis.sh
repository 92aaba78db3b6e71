#!/usr/bin/env bash
# Stop the Redis server that scripts/start-redis.sh started on QUOTETRACK_REDIS_PORT (no-op when
# none answers there).
set -euo pipefail
PORT="${QUOTETRACK_REDIS_PORT:-63790}"
command -v redis-cli >/dev/null || exit 0
if redis-cli -h 127.0.0.1 -p "$PORT" ping 2>/dev/null | grep -q PONG; then
    redis-cli -h 127.0.0.1 -p "$PORT" shutdown nosave >/dev/null 2>&1 || true
fi
