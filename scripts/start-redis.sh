#!/usr/bin/env bash
# Start a throwaway Redis server (the Celery broker for the queue tests) on a loopback port
# and print its URL. Installs Debian's redis-server when it is missing (needs root; the package's own
# service is neither started nor left enabled at boot). Idempotent.
set -euo pipefail

# apt-get install "$@" (as root) without starting any service it brings, by a policy-rc.d that
# forbids it during the install (unless one is set already), and without leaving one enabled at
# boot that was not before: the tests start servers of their own, on their own ports. Works where
# systemctl or update-rc.d are missing (a container). The same in scripts/test.sh, start-redis.sh
# and start-postgres.sh (tests/test_setup_hygiene.py); QUOTETRACK_SYSTEM_ROOT: a stand-in / there.
apt_install_quietly() (
    root="${QUOTETRACK_SYSTEM_ROOT:-}"
    policy="$root/usr/sbin/policy-rc.d"
    if [ ! -e "$policy" ]; then
        trap 'rm -f "$policy"' EXIT
        trap 'exit 130' INT TERM
        printf '#!/bin/sh\n# written by quotetrack scripts for one apt-get install: no service starts\nexit 101\n' >"$policy"
        chmod 755 "$policy"
    fi
    enabled() {  # systemd units and SysV init scripts enabled at boot, one a line, sorted
        if command -v systemctl >/dev/null; then
            systemctl list-unit-files --state=enabled --no-legend 2>/dev/null | awk '{print $1}' || true
        fi
        ls "$root"/etc/rc[S2-5].d 2>/dev/null | sed -n 's/^S[0-9][0-9]/sysv:/p' || true
    }
    export LC_ALL=C
    before=$(enabled | sort -u)
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
    for service in $(comm -13 <(echo "$before") <(enabled | sort -u)); do
        case $service in
            sysv:*) if command -v update-rc.d >/dev/null; then update-rc.d "${service#sysv:}" disable || true; fi ;;
            *) systemctl disable --quiet "$service" || true ;;
        esac
    done
)

PORT="${QUOTETRACK_REDIS_PORT:-63790}"
DATA="${QUOTETRACK_REDIS_DATA:-/tmp/quotetrack-redis}"
if ! command -v redis-server >/dev/null; then
    if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
        echo "no redis-server and no root apt-get to install one" >&2; exit 1
    fi
    apt_install_quietly redis-server >&2
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
