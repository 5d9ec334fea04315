"""The main job / doctor: ``python -m torch_patch --json`` on the built-in cases."""

import json
import os
import subprocess
import sys

from conftest import REPO_ROOT, STOCK_SEED_WRONG

from torch_patch.testing.cases import DEMO_CASES


def test_doctor_reports_affected_torch_and_effective_fix():
    proc = subprocess.run(
        [sys.executable, "-m", "torch_patch", "--json"], capture_output=True, text=True, cwd=REPO_ROOT, timeout=900
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    assert report["torch_version"].startswith("2.")
    assert report["cpu_vector_isa"] and report["inductor_cache_dir"]
    assert report["fix_installed"] is True and report["fix_effective"] is True and report["wrong_fix_on"] == 0
    assert all(not c["fix_on"] for c in report["cases"])
    # Every built-in case shows the bug on stock; the fp32 ones only from torch 2.10 (2.9 computes them right).
    expected = {c.name for c in DEMO_CASES if STOCK_SEED_WRONG or c.dtype not in ("fp32", "fp64")}
    assert report["affected"] is True and {c["case"] for c in report["cases"] if c["fix_off"]} == expected


def test_bad_arguments_exit_2():
    proc = subprocess.run([sys.executable, "-m", "torch_patch", "--bogus"], capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 2 and "usage" in proc.stderr


def test_gpu_check_without_a_gpu_says_so_and_exits_0():
    import pytest
    import torch

    if torch.cuda.is_available():
        pytest.skip("a GPU is present: the check runs for real (scripts/gpu_check.sh)")
    # This torch, not whatever python3 is on PATH (on a fresh machine that one has no torch).
    env = dict(os.environ, PYTHON=sys.executable)
    proc = subprocess.run(["bash", "scripts/gpu_check.sh"], capture_output=True, text=True, cwd=REPO_ROOT, env=env, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "no CUDA device" in proc.stdout and "unverified" in proc.stdout


def test_gpu_check_cases_are_valid_cuda_cases():
    from torch_patch.testing.cases import producer_function, reduction_function
    from torch_patch.testing.gpu_check import gpu_cases

    cases = gpu_cases()
    assert {c.device for c in cases} == {"cuda"} and {c.dtype for c in cases} == {"fp32", "bf16", "fp16"}
    for case in cases:
        producer_function(case.producer), reduction_function(case.reduction)


def test_doctor_on_the_triton_lane(lane):
    """``--backend triton``: the built-in cases compiled to Triton code and run by Triton's interpreter, in fresh
    processes started with the lane's environment; the fix makes every case right there too."""
    if lane != "cpu":
        import pytest

        pytest.skip("the doctor's --backend triton is the interpreter lane; on CUDA gpu_check runs the cases")
    proc = subprocess.run(
        [sys.executable, "-m", "torch_patch", "--json", "--backend", "triton"],
        capture_output=True, text=True, cwd=REPO_ROOT, timeout=900,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(proc.stdout)
    assert report["inductor_backend"].startswith("triton")
    assert report["fix_effective"] is True and report["wrong_fix_on"] == 0 and report["affected"] is True
