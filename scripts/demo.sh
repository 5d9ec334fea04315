#!/usr/bin/env bash
# Install (scripts/setup_venv.sh) and run the main job: built-in cases with the fix off and on.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup_venv.sh >/dev/null
exec .venv/bin/python -m torch_patch "$@"
