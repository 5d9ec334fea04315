"""Test-session setup shared by every test file.

* A fresh, empty Inductor cache directory for the whole session (set before torch is imported), so no
  test can be served, or fooled by, artifacts from an earlier run or from another checkout.
* Dynamo is reset around every test: compiled code is cached per code object, and the cases share
  wrapper functions, so without a reset a test could silently reuse another's compilation, or hit the
  recompile limit and fall back to eager.
* ``fix_on`` / ``fix_off`` fixtures set the fix's state for one test and restore it afterwards;
  ``rewritten`` records which (op, input position) pairs the pass rewrote during one test.
* The Triton lane (``torch_patch.testing.triton_lane``): the ``lane`` fixture runs a test's compiles on
  Inductor's Triton backend, for CPU tensors under Triton's interpreter (or, with
  ``TORCH_PATCH_BACKEND=cuda``, on a real CUDA device with no workaround).  ``TRITON_INTERPRET=1`` is set
  here, before torch imports triton, unless the run is on CUDA.  ``TORCH_PATCH_BACKEND=triton`` runs the
  whole session on the lane; tests of C++ code (``pytestmark = cpp_only``) then skip.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile

_CACHE_DIR = tempfile.mkdtemp(prefix="torch_patch_test_cache_")
# Removed at exit: a whole suite leaves tens of MB of compiled kernels per process, CI runs it per torch.
atexit.register(shutil.rmtree, _CACHE_DIR, ignore_errors=True)
os.environ["TORCHINDUCTOR_CACHE_DIR"] = _CACHE_DIR
os.environ.pop("TORCH_PATCH_DISABLE", None)
#: ``TORCH_PATCH_BACKEND``: unset or ``cpp`` (C++ for the suite, the interpreter for the lane tests),
#: ``triton`` (every test on the lane), ``cuda`` (the lane tests on a CUDA device, scripts/gpu_check.sh).
BACKEND = os.environ.get("TORCH_PATCH_BACKEND", "").strip().lower() or "cpp"
if BACKEND not in ("cpp", "triton", "cuda"):
    raise SystemExit(f"TORCH_PATCH_BACKEND must be cpp, triton or cuda, got {BACKEND!r}")
if BACKEND != "cuda":
    # triton.jit reads it when it decorates a function, and torch imports triton's language early.
    os.environ["TRITON_INTERPRET"] = "1"

import pytest  # noqa: E402
import torch  # noqa: E402

import torch_patch  # noqa: E402

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from torch_patch.testing import triton_lane  # noqa: E402

#: Why the interpreter lane cannot run here (no triton, a CUDA device...), or None.
LANE_UNAVAILABLE = None if BACKEND == "cuda" else triton_lane.lane_unavailable()
if BACKEND == "triton" and not LANE_UNAVAILABLE:
    triton_lane.install()
    for _name, _value in triton_lane.inductor_config().items():
        setattr(torch._inductor.config, _name, _value)

cpp_only = pytest.mark.cpp_only

#: Whether stock torch drops the seed's gradient (PyTorch #186799).  Measured: stock torch 2.9 computes
#: it right (its fp32 doctor cases are right on stock, its bf16/fp16 ones NaN); 2.10 and later drop it.  The
#: fp32 mechanism is the C++ backend's (scalar and vector code an ulp apart): stock Triton code is right there.
STOCK_SEED_WRONG = torch_patch.compat.torch_version_tuple() >= (2, 10) and BACKEND != "triton"
#: Stock fp32 cases that assert the bug (an ulp between scalar and vector code) need this too.
needs_stock_fp32_bug = pytest.mark.skipif(
    not STOCK_SEED_WRONG,
    reason="stock computes these fp32 gradients right on torch < 2.10 (measured on 2.9.1) and in Triton code",
)
#: ``aten::aminmax`` has a derivative from torch 2.12; before, eager raises and there is nothing to fix.
AMINMAX_HAS_GRAD = torch_patch.compat.torch_version_tuple() >= (2, 12)
needs_aminmax_grad = pytest.mark.skipif(not AMINMAX_HAS_GRAD, reason="aten::aminmax has no derivative before torch 2.12")


def case_params(cases, stock_wrong: bool = False) -> list:
    """``pytest.param`` per case, id = case name, skipped where this torch has nothing to check: an
    ``aminmax`` case before torch 2.12, and (``stock_wrong``: a test asserting stock's bug) an fp32/fp64
    case before torch 2.10."""
    params = []
    for case in cases:
        marks = [needs_aminmax_grad] if "aminmax" in case.reduction else []
        if stock_wrong and case.dtype in ("fp32", "fp64"):
            marks.append(needs_stock_fp32_bug)
        params.append(pytest.param(case, id=case.name, marks=marks))
    return params


def emulate_precision_casts_compiles() -> bool:
    """Whether this torch's C++ backend compiles a bf16 graph with ``emulate_precision_casts=True``
    (torch 2.9's ``CppVecOverrides.to_dtype`` rejects an argument that option passes)."""
    global _EMULATE_OK
    if _EMULATE_OK is None:
        try:
            with torch._inductor.config.patch(emulate_precision_casts=True, force_disable_caches=True):
                torch._dynamo.reset()
                torch.compile(lambda x: (x * 3).sin())(torch.randn(4, 16).bfloat16())
            _EMULATE_OK = True
        except Exception:  # noqa: BLE001 - any failure means the option is unusable here
            _EMULATE_OK = False
        torch._dynamo.reset()
    return _EMULATE_OK


_EMULATE_OK = None


@pytest.fixture
def emulate_precision_casts():
    """Skips the test where ``emulate_precision_casts`` cannot compile a bf16 graph on the CPU."""
    if not emulate_precision_casts_compiles():
        pytest.skip(f"torch {torch.__version__} fails to compile bf16 code with emulate_precision_casts=True")


@pytest.fixture
def lane():
    """The device of a Triton-lane test, with Inductor generating Triton code for it: ``"cpu"`` under
    Triton's interpreter (``torch_patch.testing.triton_lane``), or ``"cuda"`` with
    ``TORCH_PATCH_BACKEND=cuda`` (no workaround).  Skips with the reason where neither can run."""
    if BACKEND == "cuda":
        if not torch.cuda.is_available():
            pytest.skip("TORCH_PATCH_BACKEND=cuda, but torch sees no CUDA device")
        yield "cuda"
        return
    if LANE_UNAVAILABLE:
        pytest.skip(f"Triton lane unavailable: {LANE_UNAVAILABLE}")
    triton_lane.install()
    with torch._inductor.config.patch(triton_lane.inductor_config()):
        yield "cpu"


@pytest.fixture(autouse=True)
def _fresh_dynamo():
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


@pytest.fixture
def fix_on():
    was = torch_patch.is_installed()
    assert torch_patch.install(), "the fix must install on the tested torch"
    yield
    if not was:
        torch_patch.uninstall()


@pytest.fixture
def fix_off():
    was = torch_patch.is_installed()
    torch_patch.uninstall()
    assert not torch_patch.is_installed()
    yield
    if was:
        torch_patch.install()


@pytest.fixture
def rewritten(monkeypatch):
    """The (op target, input position) pairs the pass rewrote while the test ran (caches disabled, so
    that a cached graph cannot skip the pass)."""
    from torch_patch.graph import joint_pass

    seen: set = set()
    apply = joint_pass.apply_rewrites

    def spy(graph, plans, *args, **kwargs):
        for plan in plans:
            seen.add((plan.reduction.target, plan.position))
        return apply(graph, plans, *args, **kwargs)

    monkeypatch.setattr(joint_pass, "apply_rewrites", spy)
    with torch._inductor.config.patch(force_disable_caches=True):
        yield seen


def run_python(code: str, env: dict | None = None, cache_dir: str | None = None, timeout: int = 600):
    """Run ``code`` in a fresh interpreter (the package's import-time behaviour needs one)."""
    import subprocess

    with tempfile.TemporaryDirectory(prefix="torch_patch_sub_") as fresh_cache:
        full_env = dict(os.environ)
        full_env.pop("TORCH_PATCH_DISABLE", None)
        full_env["TORCHINDUCTOR_CACHE_DIR"] = cache_dir or fresh_cache
        full_env.update(env or {})
        return subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=full_env,
            cwd=REPO_ROOT,
            timeout=timeout,
            check=False,
        )


def pytest_configure(config):
    config.addinivalue_line("markers", "cpp_only: checks the C++ backend's code; skipped with TORCH_PATCH_BACKEND=triton")


def pytest_collection_modifyitems(config, items):
    """The snapshot tests share one pytest-xdist worker under ``--dist loadgroup`` (scripts/test.sh): their
    module fixture compiles every snapshot case, ~75 s, which each worker would otherwise repeat.  So do
    the Triton snapshot tests.  With ``TORCH_PATCH_BACKEND=triton`` the C++ tests skip."""
    for item in items:
        if item.path.name in ("test_codegen_snapshots.py", "test_triton_snapshots.py"):
            item.add_marker(pytest.mark.xdist_group(item.path.stem))
        if BACKEND == "triton" and LANE_UNAVAILABLE:
            item.add_marker(pytest.mark.skip(reason=f"TORCH_PATCH_BACKEND=triton, but the Triton lane cannot run: {LANE_UNAVAILABLE}"))
        elif BACKEND == "triton" and item.get_closest_marker("cpp_only"):
            item.add_marker(pytest.mark.skip(reason="checks C++ code; TORCH_PATCH_BACKEND=triton runs the Triton lane"))
