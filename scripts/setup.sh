#!/usr/bin/env bash
# Create .venv with Python 3.11 and install quotetrack with the given extras (default: worker).
set -euo pipefail
cd "$(dirname "$0")/.."
EXTRAS="${1:-worker}"
PYTHON="${PYTHON:-$(command -v python3.11 || command -v python3)}"
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[$EXTRAS]"
