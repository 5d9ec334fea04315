"""Graph shapes beyond a plain training graph, and unusual inputs.

Unpartitioned graphs (``func.grad``, ``autograd.grad`` traced into the graph), activation
checkpointing, dynamic shapes, ties, NaN/inf/signed zeros, non-contiguous and channels-last inputs.
Each variant must match eager with the fix; ``STOCK_WRONG`` proves the same checks fail without it.
"""

import pytest
import torch
from conftest import case_params

import torch_patch
from torch_patch.testing.cases import Case, make_inputs, run_case, wrapped
from torch_patch.testing.verify import check_case, compare_gradients

VARIANTS = (
    Case("atan2", "amin_last", "fp32", (4, 3), wrapper="func_grad"),
    Case("mul", "amax_nodim", "bf16", (4, 6), wrapper="func_grad"),
    Case("atan2", "norm_inf", "fp16", (5, 7), wrapper="func_grad"),
    Case("atan2", "amin_last", "fp32", (4, 3), wrapper="autograd_grad"),
    Case("atan2", "amin_last", "fp32", (16, 7), wrapper="checkpoint"),
    Case("mul", "max_all", "bf16", (8, 5), wrapper="checkpoint"),
    Case("atan2", "amin_last", "fp32", (16, 7), inputs="ties"),
    Case("mul", "amax_first_keepdim", "bf16", (6, 9), inputs="ties"),
    Case("atan2", "max_all", "bf16", (16, 7), inputs="special"),
    Case("exp", "amin_last", "fp32", (8, 5), inputs="special"),
    Case("atan2", "norm_inf", "fp32", (6, 7), inputs="special"),
    Case("atan2", "amin_last", "fp32", (16, 7), inputs="noncontiguous"),
    Case("atan2", "amax_tuple", "fp16", (2, 4, 3, 5), inputs="channels_last"),
    Case("mul", "amin_last", "bf16", (16, 7), dynamic=True),
    Case("atan2", "aminmax", "fp32", (16, 7), dynamic=True),
    # Found by the fuzzer: Inductor realizes tanh(x) - y here; a materialize that returned that buffer
    # made red(M) a duplicate of the forward reduction, which Inductor then failed to C++-compile.
    Case("chain:tanh+sub", "amax_first_keepdim", "bf16", (3, 16, 3), dynamic=True, seed=2026006764),
)
DYNAMIC_RESHAPES = ((9, 5), (33, 6))


def _check(case):
    return check_case(case, shapes=DYNAMIC_RESHAPES if case.dynamic else ())


@pytest.mark.parametrize("case", case_params(VARIANTS))
def test_variant_matches_eager(fix_on, case):
    result = _check(case)
    assert result.ok, "; ".join(map(str, result.mismatches))


STOCK_WRONG = tuple(VARIANTS[i] for i in (0, 1, 3, 4, 6, 10, 13))


# Stock's bug at these sizes is the C++ backend's: stock Triton code compares a persistent row's unrounded
# register with itself, and recomputes bitwise alike (test_triton_lane.py has the lane's stock counterparts).
@pytest.mark.cpp_only
@pytest.mark.parametrize("case", case_params(STOCK_WRONG, stock_wrong=True))
def test_variant_is_wrong_on_stock(fix_off, case):
    assert not _check(case).ok, f"{case.name} is right on stock torch: the check could not catch the bug"


@pytest.mark.skipif(
    not hasattr(torch._dynamo.config, "trace_autograd_ops"), reason="this torch cannot trace autograd.grad into a graph"
)
def test_autograd_grad_traced_into_one_graph(fix_on):
    case = Case("atan2", "amin_last", "bf16", (4, 3), wrapper="autograd_grad")
    with torch._dynamo.config.patch(trace_autograd_ops=True):
        result = check_case(case)
    assert result.ok, "; ".join(map(str, result.mismatches))


def test_ties_split_evenly(fix_on):
    case = Case("atan2", "amin_last", "fp32", (8, 7), inputs="ties")
    x, y, _ = make_inputs(case)
    values = torch.atan2(x, y)
    tied = values == values.amin(-1, keepdim=True)
    assert (tied.sum(-1) > 1).any(), "the tie injection must create ties"
    _, grad = run_case(case, torch.compile(wrapped(case)))
    d_atan2 = y / (x * x + y * y)  # d atan2(x, y) / dx
    per_unit = grad[tied] / d_atan2[tied]
    # Every tied position of a row gets the same share of that row's upstream gradient.
    for row in range(case.shape[0]):
        shares = (grad[row] / d_atan2[row])[tied[row]]
        torch.testing.assert_close(shares, shares[0].expand_as(shares), rtol=1e-5, atol=0)
    assert per_unit.isfinite().all()


def test_mark_dynamic(fix_on):
    f = lambda x, y: torch.atan2(x, y).amin(dim=-1)  # noqa: E731
    compiled = torch.compile(f)
    for rows, cols in ((16, 7), (24, 7), (9, 7)):
        torch.manual_seed(rows)
        x, y = torch.randn(rows, cols, dtype=torch.bfloat16), torch.randn(rows, cols, dtype=torch.bfloat16)
        torch._dynamo.maybe_mark_dynamic(x, 0)
        torch._dynamo.maybe_mark_dynamic(y, 0)
        grads = []
        for fn in (f, compiled):
            xr = x.clone().requires_grad_(True)
            fn(xr, y).float().sum().backward()
            grads.append(xr.grad)
        problems = compare_gradients(grads[0], grads[1], torch.bfloat16)
        assert not problems, f"rows={rows}: {problems}"


def test_is_installed_reflects_fixtures(fix_off):
    assert not torch_patch.is_installed()


def _chamfer(a, b):
    d = (a.unsqueeze(2) - b.unsqueeze(1)).pow(2).sum(-1)
    return d.amin(dim=2).sum() + d.amin(dim=1).sum()


def test_two_reductions_of_one_value_share_one_copy_and_keep_none(fix_on):
    """Chamfer-style ``amin`` over both dims of one distance matrix: both reductions and their masks read
    one copy of it (one ``materialize``, not one per reduction), the N x M matrix is not kept for the
    backward (stock keeps only the points and the results; so does the fix), and the gradient matches eager."""
    from torch_patch.testing.partition import capture_graphs
    from torch_patch.testing.saved_bytes import saved_bytes

    gen = torch.Generator().manual_seed(0)
    a, b = torch.randn(2, 32, 3, generator=gen), torch.randn(2, 48, 3, generator=gen)
    compiled = torch.compile(_chamfer)
    xr = a.clone().requires_grad_(True)
    with capture_graphs() as records:
        compiled(xr, b).backward()
    saved = saved_bytes(lambda: compiled(xr, b))
    points_and_results = (a.numel() + b.numel() + 2 * 32 + 2 * 48) * 4
    assert saved <= points_and_results, (saved, points_and_results)
    backward = [text for kind, _, text in records if kind == "backward"]
    assert len(backward) == 1 and backward[0].count("target=torch.ops.torch_patch.materialize.default]") == 1, backward
    sources = [source for _, found, _ in records for source in found]
    assert len(sources) >= 2 and all(source.kind == "same" for source in sources), sources
    xe = a.clone().requires_grad_(True)
    _chamfer(xe, b).backward()
    assert not compare_gradients(xe.grad, xr.grad, torch.float32)
