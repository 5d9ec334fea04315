"""The fix on Inductor's Triton backend: the code CUDA users run, generated for CPU tensors and run by
Triton's interpreter (the ``lane`` fixture; ``TORCH_PATCH_BACKEND=cuda`` runs the same tests on a GPU).

What differs from the C++ backend, and why each case is here (docs/design.md, "Backends"):
- Triton keeps a reduction in a register, unrounded, and a value it stored in the register it stored from
  (the store cache), while a reload gives the rounded bf16/fp16 value.  A looped reduction (rows longer
  than the persistent threshold: 1024 for the innermost dim, 64 for others) compares the two: before the
  fix rounded ``M`` in its kernel, a bf16 ``amax`` of 8x3000 gave NaN in every gradient element *with* the
  fix (stock: too).  Persistent rows (37) compare the register with itself.
- Split reductions (a long row, a small outer size, or a whole-tensor ``max()``) reduce partial results
  in a second kernel; non-innermost reductions loop over an outer dim.
- Dynamic shapes, checkpointing, ``compile(func.grad(f))`` and forward-only graphs build other kernels
  around the same comparison; ``persistent_reductions=False`` and ``multi_kernel`` change the kernels.

Every case is compared with eager (``torch_patch.testing.verify``); ``STOCK_WRONG`` shows the checks fail
without the fix on this backend.  The interpreter is slow: one case per mechanism.
"""

from __future__ import annotations

import pytest
import torch
from conftest import case_params

from torch_patch.testing.cases import Case
from torch_patch.testing.verify import check_case

#: Row lengths on both sides of Triton's persistent-reduction threshold.
PERSISTENT, LOOPED = 37, 3000

FAMILY = (
    Case("sin", "amin_last", "bf16", (8, PERSISTENT)),
    Case("sin", "amin_last", "bf16", (8, LOOPED)),
    Case("exp", "norm_inf", "bf16", (8, LOOPED)),
    Case("sin", "norm_ninf_keepdim", "fp16", (8, LOOPED)),
    Case("atan2", "amax_tuple", "fp32", (8, LOOPED)),
    Case("sin", "max_all", "fp16", (8, LOOPED)),  # a split reduction over the whole tensor
    Case("sin", "amin_last", "bf16", (2, 65536)),  # a split reduction of two long rows
    Case("sin", "amax_first_keepdim", "bf16", (LOOPED, 8)),  # looped over an outer dim
    Case("mul", "aminmax", "bf16", (8, LOOPED)),
    Case("sin", "median_all", "bf16", (6, 7)),
    Case("sin", "scatter_amax", "bf16", (8, LOOPED)),
    Case("sin", "index_amin_self_inplace", "fp16", (6, 7)),
)

USER_MASKS = (
    # PyTorch #195214's tie count in a forward-only graph: a count of 0 in every row at 3000 with the
    # fix before it rounded M (stock: too).
    Case("mul", "mask:amax:eq:count", "bf16", (64, LOOPED), wrapper="no_grad"),
    Case("mul", "mask:max_dim:ge:where", "bf16", (16, LOOPED)),
    Case("sin", "mask:topk_slice:ge:count", "fp16", (16, 300)),
    Case("sin", "mask:max_all:eq:onehot_st", "bf16", (8, LOOPED), wrapper="inference_mode"),
)

GRAPH_SHAPES = (
    Case("sin", "amin_last", "bf16", (8, LOOPED), dynamic=True),
    Case("sin", "amin_last_keepdim", "bf16", (8, LOOPED), wrapper="checkpoint"),
    Case("sin", "amin_last", "bf16", (8, LOOPED), wrapper="func_grad"),
    Case("atan2", "max_all", "bf16", (16, 7), inputs="special"),
    Case("mul", "amax_first_keepdim", "bf16", (6, 9), inputs="ties"),
)
DYNAMIC_RESHAPES = ((5, 2999), (11, 3001))

STOCK_WRONG = (FAMILY[1], FAMILY[2], FAMILY[10], USER_MASKS[0], GRAPH_SHAPES[1])


def _check(case: Case, device: str):
    case = case.with_(device=device)
    return check_case(case, shapes=DYNAMIC_RESHAPES if case.dynamic else ())


@pytest.mark.parametrize("case", case_params(FAMILY + USER_MASKS + GRAPH_SHAPES))
def test_fix_matches_eager_on_triton(lane, fix_on, case):
    result = _check(case, lane)
    assert result.ok, f"{case.name}: " + "; ".join(map(str, result.mismatches))


@pytest.mark.parametrize("case", case_params(STOCK_WRONG))
def test_stock_is_wrong_on_triton(lane, fix_off, case):
    assert not _check(case, lane).ok, f"{case.name} is right on stock Triton code: the check cannot see the bug"


@pytest.mark.parametrize(
    "options",
    [{"triton.persistent_reductions": False}, {"triton.multi_kernel": 1}],
    ids=["persistent_reductions_off", "multi_kernel"],
)
def test_reduction_kernel_options(lane, fix_on, options):
    """The options that change how a row is reduced: looped instead of persistent (37 elements), and a
    kernel that holds both variants and picks one at run time (1000 elements)."""
    with torch._inductor.config.patch(options):
        for case in (Case("sin", "amin_last", "bf16", (8, PERSISTENT)), Case("exp", "norm_inf", "fp16", (8, 1000))):
            result = _check(case, lane)
            assert result.ok, f"{options} {case.name}: " + "; ".join(map(str, result.mismatches))


def test_lane_runs_triton_code(lane, fix_on):
    """The lane compiles Triton kernels (not C++), and the interpreter's libdevice and NaN handling give
    eager's results: ``atan2`` (a libdevice call), ``max(dim)`` of a row holding NaN (Inductor's
    ``maximum_with_index``), a bf16 store (round to nearest even, as a GPU rounds)."""
    from torch._inductor.utils import run_and_get_code

    x = torch.randn(4, 40, device=lane)
    x[1, 7] = float("nan")
    y = torch.randn(4, 40, device=lane)
    f = lambda x, y: (torch.atan2(x, y).max(-1).values, (x * 1.3).bfloat16())  # noqa: E731
    with torch._inductor.config.patch(force_disable_caches=True):
        (values, rounded), codes = run_and_get_code(torch.compile(f), x, y)
    assert any("@triton.jit" in code for code in codes) and not any("cpp_fused" in code for code in codes)
    eager_values, eager_rounded = f(x, y)
    torch.testing.assert_close(values, eager_values, equal_nan=True)
    assert torch.equal(rounded.view(torch.int16), eager_rounded.view(torch.int16))
