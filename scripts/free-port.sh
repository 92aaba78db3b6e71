#!/usr/bin/env bash
# Print a TCP port free on the loopback interface now (the kernel's choice of an ephemeral port).
set -euo pipefail
PYTHON="${PYTHON:-$(command -v python3)}"
"$PYTHON" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
