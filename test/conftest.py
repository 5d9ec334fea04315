"""Test-session setup shared by every test file.

* A fresh, empty Inductor cache directory for the whole session (set before torch is imported), so no
  test can be served, or fooled by, artifacts from an earlier run or from another checkout.
* Dynamo is reset around every test: compiled code is cached per code object, and the cases share
  wrapper functions, so without a reset a test could silently reuse another's compilation, or hit the
  recompile limit and fall back to eager.
* ``fix_on`` / ``fix_off`` fixtures set the fix's state for one test and restore it afterwards;
  ``rewritten`` records which (op, input position) pairs the pass rewrote during one test.
"""

from __future__ import annotations

import os
import sys
import tempfile

_CACHE_DIR = tempfile.mkdtemp(prefix="torch_patch_test_cache_")
os.environ["TORCHINDUCTOR_CACHE_DIR"] = _CACHE_DIR
os.environ.pop("TORCH_PATCH_DISABLE", None)

import pytest  # noqa: E402
import torch  # noqa: E402

import torch_patch  # noqa: E402

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: Whether stock torch drops the seed's gradient (PyTorch #186799).  Measured: stock torch 2.9 computes
#: it right (its fp32 doctor cases are right on stock, its bf16/fp16 ones NaN); 2.10 and later drop it.
STOCK_SEED_WRONG = torch_patch.compat.torch_version_tuple() >= (2, 10)


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
    from torch_patch import reduction_pass

    seen: set = set()
    apply = reduction_pass.apply_rewrites

    def spy(graph, plans):
        for plan in plans:
            seen.add((plan.reduction.target, plan.position))
        return apply(graph, plans)

    monkeypatch.setattr(reduction_pass, "apply_rewrites", spy)
    with torch._inductor.config.patch(force_disable_caches=True):
        yield seen


def run_python(code: str, env: dict | None = None, cache_dir: str | None = None, timeout: int = 600):
    """Run ``code`` in a fresh interpreter (the package's import-time behaviour needs one)."""
    import subprocess

    full_env = dict(os.environ)
    full_env.pop("TORCH_PATCH_DISABLE", None)
    full_env["TORCHINDUCTOR_CACHE_DIR"] = cache_dir or tempfile.mkdtemp(prefix="torch_patch_sub_")
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
