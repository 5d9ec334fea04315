#!/usr/bin/env bash
# Create .venv (if missing) with the tested torch, the test tools and torch_patch (editable).
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$PYTHON" -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
.venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e .
