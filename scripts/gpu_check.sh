#!/usr/bin/env bash
# The GPU check (torch_patch/testing/gpu_check.py): on a CUDA machine, the family and user-written masks stock
# vs fix, the two reported CUDA repros, the Triton code of one case, one timing, the Triton lane tests on the GPU
# (TORCH_PATCH_BACKEND=cuda pytest test/test_triton_lane.py, no interpreter) and the CUDA tests. Without a
# CUDA device (or without torch) it says so and exits 0. Nothing is installed: the repository goes on
# PYTHONPATH, so the machine's own CUDA torch (PYTHON, default python3, else .venv/bin/python) is used.
#   bash scripts/gpu_check.sh [OUT_DIR]     (Triton code goes to OUT_DIR, default gpu_check_out/)
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c "import torch" 2>/dev/null; then
  if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else
    echo "gpu_check: $PYTHON cannot import torch; nothing checked, CUDA stays unverified."; exit 0
  fi
fi
PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}" exec "$PYTHON" -m torch_patch.testing.gpu_check --out "${1:-gpu_check_out}"
