"""``torch_patch.inductor.cpp.local_reductions``: per-row results of the fix's reductions kept in the kernel, and its fallback.

The memory it gives back is measured in test_memory (the 3-wide seed at stock's peak) and the code it
generates in the snapshots (test_codegen_snapshots); here: that the fallback Inductor takes when the outer
loops are not scalar restores the global buffers and stays right, and that the guard reads the loops.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
import torch
from torch._inductor.utils import run_and_get_code


from torch_patch.inductor.cpp import local_reductions

#: C++ code, C++ tuning: not run with TORCH_PATCH_BACKEND=triton (conftest).
pytestmark = pytest.mark.cpp_only


def _seed(n: int = 64):
    gen = torch.Generator().manual_seed(0)
    x, y = torch.randn(n, 3, generator=gen), torch.randn(n, 3, generator=gen)
    f = lambda x, y: torch.atan2(x, y).amin(dim=-1)  # noqa: E731
    eager = x.clone().requires_grad_(True)
    f(eager, y).sum().backward()
    compiled = x.clone().requires_grad_(True)
    cf = torch.compile(f)

    def step():
        cf(compiled, y).sum().backward()

    _, codes = run_and_get_code(step)
    return eager.grad, compiled.grad, codes[-1]


def test_seed_backward_keeps_its_row_results_local(fix_on, caplog):
    caplog.set_level("DEBUG", logger=local_reductions.__name__)
    with torch._inductor.config.patch(force_disable_caches=True):  # codegen runs, so the log is written
        eager, compiled, backward = _seed()
    assert "local_reduction_data_0" in backward
    assert "kept local" in caplog.text and "stay global" not in caplog.text
    assert torch.equal(eager != 0, compiled != 0)
    torch.testing.assert_close(compiled, eager, rtol=1e-6, atol=0)


def test_fallback_restores_the_global_buffers_and_stays_right(fix_on, monkeypatch, caplog):
    """Where the guard refuses (as it does for a vectorized outer loop), Inductor regenerates the kernel
    without local buffers: the per-row results are global buffers again, allocated and passed, and the
    gradient is the same.  The debug log says so (it said "kept local" here before)."""
    caplog.set_level("DEBUG", logger=local_reductions.__name__)
    monkeypatch.setattr(local_reductions, "_outer_loops_are_scalar", lambda proxies, depth: False)
    with torch._inductor.config.patch(force_disable_caches=True):  # not the first test's cached kernels
        eager, compiled, backward = _seed()
    assert "local_reduction_data" not in backward and "local_buffer_data" not in backward
    assert backward.count("empty_strided_cpu(") >= 3  # the gradient, R' and the count
    assert "stay global" in caplog.text and "kept local" not in caplog.text
    assert torch.equal(eager != 0, compiled != 0)
    torch.testing.assert_close(compiled, eager, rtol=1e-6, atol=0)


def _proxy(*steps):
    return SimpleNamespace(loop_nest=SimpleNamespace(loops=[SimpleNamespace(steps=s) for s in steps]))


@pytest.mark.parametrize(
    "proxies, depth, scalar",
    [
        ([_proxy(1, 16), _proxy(1, 16)], 1, True),
        ([_proxy(1, 16), _proxy(16, 1)], 1, False),  # one kernel vectorizes its outer loop
        ([_proxy(1, 1, 16)], 2, True),
        ([_proxy(1, 16, 1)], 2, False),
        ([_proxy(1)], 2, False),  # fewer loops than the fused depth
        ([SimpleNamespace(loop_nest=None)], 1, False),
    ],
)
def test_guard_accepts_only_scalar_outer_loops(proxies, depth, scalar):
    assert local_reductions._outer_loops_are_scalar(proxies, depth) is scalar
