#!/usr/bin/env bash
# Create a venv with one torch version, the test tools and torch_patch (editable).
#   scripts/setup_venv.sh [TORCH_VERSION]          (default 2.13.0 in .venv; any other version in .venv-X.Y)
#   scripts/setup_venv.sh --path [TORCH_VERSION]   prints that venv's directory and installs nothing
# Every release but 2.13.0 (a CPU build on local disk) is a ~3 GB CUDA build that runs on the CPU. Where a pip constraint file caps torch below
# the requested version, that cap is lifted for this one install (PIP_CONSTRAINT set to an empty file);
# no system file is changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
print_path=0
if [ "${1:-}" = "--path" ]; then print_path=1; shift; fi
TORCH_VERSION=${1:-2.13.0}
if [ "$TORCH_VERSION" = "2.13.0" ]; then
  VENV=.venv
else
  VENV=.venv-$(echo "$TORCH_VERSION" | cut -d. -f1,2)
fi
if [ "$print_path" = 1 ]; then echo "$VENV"; exit 0; fi
[ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"
if ! "$VENV/bin/python" -c "import torch, sys; sys.exit(torch.__version__.split('+')[0] != '$TORCH_VERSION')" 2>/dev/null; then
  echo "setup_venv: installing torch==$TORCH_VERSION into $VENV (torch 2.15 is a ~3 GB download)" >&2
  empty_constraints=$(mktemp)
  # --no-cache-dir: a CUDA build is ~3 GB; a copy in pip's cache would double the disk it takes.
  PIP_CONSTRAINT="$empty_constraints" "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check \
    --no-cache-dir "torch==$TORCH_VERSION"
  rm -f "$empty_constraints"
fi
# The Triton lane (torch_patch/testing/triton_lane.py) needs triton: the CUDA builds of torch bring the release
# they were built with (2.15.0: triton 3.9.0); the CPU build of 2.13.0 brings none, and 3.8.0 is the one that
# worked with it.
case "$TORCH_VERSION" in
  2.13.0) TRITON_PIN=3.8.0 ;;
  *) TRITON_PIN="" ;;
esac
if [ -n "$TRITON_PIN" ] && ! "$VENV/bin/python" -c "import triton, sys; sys.exit(triton.__version__ != '$TRITON_PIN')" 2>/dev/null; then
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "triton==$TRITON_PIN"
fi
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
"$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-deps -e .
echo "$VENV"
