"""Masks that user code writes against an extremum of a computed value (PyTorch #195214).

The rule (``torch_patch.graph``, ``docs/design.md``): an exact comparison (``eq``, ``ne``,
``ge``, ``gt``, ``le``, ``lt``; also under ``torch.where``/``masked_fill``) between a computed value
``X`` and a value selected from ``X`` -- by an op of the autograd family, or by the ``values`` of
``max``/``min`` with dim, ``topk``, ``sort``/``msort``, ``kthvalue``, ``median``/``nanmedian`` with dim,
``mode``, ``cummax``/``cummin`` -- read through views, slicing, ``expand``, ``gather``/``index_select``,
reads ``X`` from one stored copy, as the selecting op does.  Checked here in forward-only graphs
(``no_grad``, ``inference_mode``) and training graphs, bf16/fp16/fp32, against eager.

The ``rewritten`` spy fails a test when the pass no longer recognises a selection, also where stock
happens to be right: on the CPU, ``topk``/``sort``/``kthvalue``/``mode``/``cummax``... are fallback
kernels, so Inductor already stores their input and the user's comparison reads it (their
``test_..._wrong_on_stock`` counterpart exists only for the selections Inductor lowers itself).
"""

from __future__ import annotations

import pytest
import torch

from torch_patch.testing.cases import COMPARISONS, MASK_USES, SELECTIONS, Case
from torch_patch.testing.verify import check_case

aten = torch.ops.aten

#: selection -> the (op, input position) the pass must rewrite for it.
SELECTED_BY = {
    "amax": (aten.amax.default, 0),
    "max_all": (aten.max.default, 0),
    "max_dim": (aten.max.dim, 0),
    "min_dim_expand": (aten.min.dim, 0),
    "topk_slice": (aten.topk.default, 0),
    "topk_gather": (aten.topk.default, 0),
    "sort_select": (aten.sort.default, 0),
    "msort_first": (aten.sort.default, 0),
    "kthvalue": (aten.kthvalue.default, 0),
    "median_dim": (aten.median.dim, 0),
    "nanmedian_dim": (aten.nanmedian.dim, 0),
    "mode": (aten.mode.default, 0),
    "cummax": (aten.cummax.default, 0),
    "cummin_index_select": (aten.cummin.default, 0),
}

#: (producer, dtype, wrapper, shape): each selection meets bf16 and fp32, forward-only and training
#: graphs.  ``mul`` is one correctly rounded op (eager and Inductor compute the same bf16 values, so the
#: compiled result must equal eager's exactly); ``atan2`` at a reduction size < 8 is evaluated by scalar
#: and vector code an ulp apart (the fp32 mechanism).
VARIANTS = (
    ("mul", "bf16", "no_grad", (64, 37)),
    ("mul", "bf16", "train", (64, 37)),
    ("atan2", "fp32", "train", (16, 7)),
    ("atan2", "fp32", "inference_mode", (16, 7)),
)


def _case(index: int, selection: str, variant) -> Case:
    """Comparisons and uses rotate over the selections, so each is met several times."""
    producer, dtype, wrapper, shape = variant
    comparison = list(COMPARISONS)[index % len(COMPARISONS)]
    use = list(MASK_USES)[index % len(MASK_USES)]
    return Case(producer, f"mask:{selection}:{comparison}:{use}", dtype, shape, wrapper=wrapper)


def test_every_selection_is_listed():
    assert set(SELECTED_BY) == set(SELECTIONS)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: "-".join(map(str, v[:3])))
@pytest.mark.parametrize("selection", list(SELECTIONS))
def test_user_mask_reads_the_stored_value_and_matches_eager(fix_on, rewritten, selection, variant):
    case = _case(list(SELECTIONS).index(selection), selection, variant)
    result = check_case(case)
    assert result.ok, f"{case.name}: " + "; ".join(map(str, result.mismatches))
    assert SELECTED_BY[selection] in rewritten, f"{case.name}: the pass rewrote only {rewritten}"


#: Selections that Inductor's C++ backend lowers itself (a reduction kernel): the comparison reads a
#: recomputation of the value there.
LOWERED = ("amax", "max_all", "max_dim", "min_dim_expand")


# Stock's bug at these sizes is the C++ backend's: stock Triton code compares a persistent row's unrounded
# register with itself, and recomputes bitwise alike (test_triton_lane.py has the lane's stock counterparts).
@pytest.mark.cpp_only
@pytest.mark.parametrize("selection", LOWERED)
def test_user_mask_is_wrong_on_stock(fix_off, selection):
    case = _case(list(SELECTIONS).index(selection), selection, VARIANTS[0])
    assert not check_case(case).ok, f"{case.name} is right on stock: the check could not catch the bug"


@pytest.mark.parametrize("selection", ["max_dim", "amax", "max_all"])
def test_inclusive_mask_row_is_never_empty(fix_on, selection):
    """The invariant: a value equals its own maximum, so every row of ``z == max`` holds a true
    element and a tie count is never 0 (bf16, forward-only, where stock's count is 0 in most rows)."""
    case = Case("mul", f"mask:{selection}:eq:count", "bf16", (64, 37), wrapper="no_grad")
    result = check_case(case)
    mask = result.output[1]
    dims = SELECTIONS[selection][1]
    hits = mask.amax(dim=dims) if dims is not None else mask.amax()
    assert bool((hits == 1).all()), f"{case.name}: {int((hits != 1).sum())} empty rows"
    assert result.ok, "; ".join(map(str, result.mismatches))


# --- PyTorch #195214, as reported: a bf16 x / s compared with its own amax, counted per row --------


def _tie_count(x, s):
    scaled = x / s
    maximum = scaled.amax(-1, keepdim=True)
    return (scaled == maximum).sum(-1)


def _195214_inputs(dtype):
    gen = torch.Generator().manual_seed(0)
    return torch.randn(64, 256, generator=gen).to(dtype), torch.tensor(3.0, dtype=dtype)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=["bf16", "fp16"])
def test_195214_tie_count_is_never_zero(fix_on, dtype):
    x, s = _195214_inputs(dtype)
    compiled = torch.compile(_tie_count)(x, s)
    assert torch.equal(compiled, _tie_count(x, s))
    assert bool((compiled >= 1).all())


# Stock's bug at these sizes is the C++ backend's: stock Triton code compares a persistent row's unrounded
# register with itself, and recomputes bitwise alike (test_triton_lane.py has the lane's stock counterparts).
@pytest.mark.cpp_only
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=["bf16", "fp16"])
def test_195214_tie_count_is_zero_on_stock(fix_off, dtype):
    x, s = _195214_inputs(dtype)
    assert bool((torch.compile(_tie_count)(x, s) == 0).any()), "stock is right here: the check cannot fail"


def _normalized_hard_max(x, s):
    """The training form: the count divides the one-hot, so a count of 0 is an inf in the forward and
    a NaN in the gradient."""
    scaled = x / s
    hit = scaled == scaled.amax(-1, keepdim=True)
    return scaled * hit / hit.sum(-1, keepdim=True)


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16], ids=["bf16", "fp16"])
def test_195214_training_gradient_is_finite_and_eager(fix_on, dtype):
    x, s = _195214_inputs(dtype)
    x_eager, x_compiled = x.clone().requires_grad_(True), x.clone().requires_grad_(True)
    _normalized_hard_max(x_eager, s).float().sum().backward()
    out = torch.compile(_normalized_hard_max)(x_compiled, s)
    out.float().sum().backward()
    assert bool(out.isfinite().all()) and bool(x_compiled.grad.isfinite().all())
    assert torch.equal(out, _normalized_hard_max(x, s))
    assert torch.equal(x_compiled.grad, x_eager.grad)
