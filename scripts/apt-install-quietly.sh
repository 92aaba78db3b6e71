#!/usr/bin/env bash
# apt-get install "$@" (as root) without starting any service it brings, by a policy-rc.d that
# forbids it during the install (unless one is set already), and without leaving one enabled at
# boot that was not before: the tests start servers of their own, on their own ports. Works where
# systemctl or update-rc.d are missing (a container). Every apt-get install of scripts/test.sh,
# start-redis.sh and start-postgres.sh goes through it (tests/test_setup_hygiene.py);
# QUOTETRACK_SYSTEM_ROOT: a stand-in / there.
set -euo pipefail
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
