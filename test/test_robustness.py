"""The fix never crashes a compile; CUDA (skipped without a GPU)."""

import pytest
import torch

from torch_patch.graph import plan
from torch_patch.testing.cases import Case
from torch_patch.testing.verify import check_case


def test_internal_error_warns_and_falls_back(fix_on, monkeypatch):
    def broken(*args, **kwargs):
        raise KeyError("simulated internal error")

    monkeypatch.setattr(plan, "_plan_one", broken)
    torch._dynamo.reset()
    # Caches off: a cached artifact of the same graph would skip the pass (and the simulated error).
    with torch._inductor.config.patch(force_disable_caches=True), pytest.warns(RuntimeWarning, match=r"could not analyse reduction amin .*simulated internal error"):
        result = check_case(Case("mul", "amin_last", "bf16", (8, 64)))  # stock: NaN on every supported torch
    # Fallback = the stock compile for that reduction: the compile succeeds (and is wrong as stock).
    assert not result.ok


def test_no_rewrite_without_requires_grad(fix_on):
    x, y = torch.randn(4, 3), torch.randn(4, 3)
    f = lambda x, y: torch.atan2(x, y).amin(-1)  # noqa: E731
    torch.compile(f)(x, y)  # an inference graph: nothing to rewrite, and it compiles
    from torch_patch.graph.plan import plan_rewrites

    gm = torch.fx.symbolic_trace(lambda x: x.amin(-1))
    assert plan_rewrites(gm.graph) == ([], [])


@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")
@pytest.mark.parametrize("dtype", ["fp16", "bf16"])
def test_cuda_low_precision_amax(fix_on, dtype):
    result = check_case(Case("mul", "amax_first_keepdim", dtype, (64, 32), device="cuda"))
    assert result.ok, "; ".join(map(str, result.mismatches))
