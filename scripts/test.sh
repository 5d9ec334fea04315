#!/usr/bin/env bash
# Install (scripts/setup_venv.sh) and run the test-suite. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup_venv.sh
exec .venv/bin/python -m pytest test/ -q -p no:cacheprovider "$@"
