"""Differential fuzzer: random producer chains x reductions x dtypes x shapes, compiled vs eager.

    python -m torch_patch.testing.fuzz --cases N --seed S [--kind family|masks|all] [--fix off]
                                       [--policy recompute|save] [--checkpoint] [--memory-budget B]
                                       [--rejudge EARLIER_OUTPUT] [--shard K/N]

Each case draws a producer chain (transcendental unary/binary ops, arithmetic, matmul, casts), a
reduction from the fix's scope, a dtype, a shape (reduction sizes 1-9, 16, 37, 128, 300), injected ties
or NaN/±inf/±0.0, static or dynamic shapes, and sometimes a ``func.grad`` wrapper.  A case is *wrong*
when the compiled gradient (or forward) differs from eager by the ``torch_patch.testing.verify`` criteria.
``--kind masks`` draws user-written masks instead of a reduction (``mask:<selection>:<comparison>:<use>``,
PyTorch #195214): every selection, comparison and use of ``torch_patch.testing.cases``, in training,
``func.grad``, ``no_grad`` and ``inference_mode`` graphs; ``--kind all`` draws either, half and half.
``--kind family`` (the default before masks existed) draws exactly the cases of the earlier runs.

A user-written mask case is right when it equals eager (the mask is an output, compared exactly), or
equals eager once compiled with ``emulate_precision_casts=True`` (a bf16/fp16 chain: Inductor's
precision semantics), or differs only in mask elements that eager itself puts within ``ULP_SLACK``
ulps of another value of their row (``mask_flips_are_ulp_ambiguous``), or has eager's mask and differs only in
values within the tolerance of zero (``_producer_values_differ_only``: the producer's own evaluation).
NaN/inf differences are right only where eager's fp16 intermediates overflow (``_eager_overflows``), the
compiled value is the finite one, and the ``emulate_precision_casts`` compile reproduces eager's inf.

A compile error with the fix is wrong, unless stock compile fails the same case with the same error on
this torch (``stock_fails_alike``): that case is printed as ``STOCK FAILS ALIKE`` and counted apart in the
summary, neither right nor wrong.

These legitimate differences are not counted (a NaN that eager lacks is always wrong).  All are
judged per shape, so they apply to the second shape of a dynamic-shape case too:
- Low-precision graphs of several ops (a chain, or ``aminmax``'s min + max): eager rounds after
  every op, Inductor only where it stores, so the forward values and near-tied extrema may move (see
  test/test_precision_semantics.py).  A support/value difference, forward or gradient, counts only
  if the case also differs from precision-matched eager references (``_precision_matched_problems``)
  beyond near-ties and tiny derivatives, and its gradient is farther from the float64 gradient than
  eager's (``_matched_reference_excuses``).
- Eager's fp16 overflow: where eager's result or gradient is inf/NaN and float64's is finite
  (``_eager_overflows``), the case is judged against the precision-matched reference alone.
- ulp-ambiguous ties: eager and Inductor may evaluate a producer one ulp apart (erf/tanh saturating
  to exactly 1.0 or not).  A gradient support difference counts only if some differing position lies
  outside the set of values within 4 ulps of its slice's extremum in eager.
- Forward values as close to the float64 result as eager's own, element by element, plus the
  tolerance (``_forward_as_accurate_as_eager``): a matmul's rounding error scales with its terms, not
  with a cancelling result.
"""

from __future__ import annotations

import argparse
import dataclasses
import logging
import random
import re
import sys
from pathlib import Path

import torch

log = logging.getLogger(__name__)

UNARY = ("sin", "exp", "tanh", "erf", "sigmoid", "atan", "square", "scale")
BINARY = ("atan2", "mul", "add", "sub")
SIZES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 37, 128, 300)
#: On the Triton lane (``--backend triton``) the two longest sizes are drawn longer, past Triton's persistent
#: reduction threshold (1024 for the innermost dim, 64 for others), so that looped and split reductions are
#: drawn too: the same draws, so a seed names the same cases on both backends but for these lengths.
TRITON_SIZES = {128: 1000, 300: 3000}
BACKENDS = ("cpp", "triton")


KINDS = ("family", "masks", "all")
#: Wrappers of the user-mask cases: training, a gradient inside the graph, and forward-only graphs.
MASK_WRAPPERS = ("train", "train", "func_grad", "no_grad", "inference_mode")


def draw_case(rng: random.Random, index: int, kind: str = "family", backend: str = "cpp"):
    """One random case.  ``kind="family"`` draws exactly the cases of the runs before user masks
    existed (same seed, same cases); ``"masks"`` draws a user-written mask; ``"all"`` either.
    ``backend="triton"`` draws the same cases with ``TRITON_SIZES`` in place of the longest rows."""
    if kind == "masks" or (kind == "all" and rng.random() < 0.5):
        case = _draw_mask_case(rng, index)
    else:
        case = _draw_family_case(rng, index)
    if backend == "triton" and case.shape[-1] in TRITON_SIZES:
        case = case.with_(shape=(*case.shape[:-1], TRITON_SIZES[case.shape[-1]]))
    return case


def _draw_chain(rng: random.Random) -> str:
    steps = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        steps.append(
            rng.choice(BINARY) if kind < 0.4 else "matmul" if kind < 0.5 else "f32" if kind < 0.6 else rng.choice(UNARY)
        )
    if all(s == "f32" for s in steps):
        steps.append(rng.choice(BINARY))
    return "chain:" + "+".join(steps)


def _draw_family_case(rng: random.Random, index: int):
    from torch_patch.testing.cases import DTYPES, REDUCTIONS, Case

    producer = _draw_chain(rng)
    reduction = rng.choice(sorted(REDUCTIONS))
    dtype = rng.choice(sorted(DTYPES))
    size = rng.choice(SIZES)
    rows = rng.choice((1, 2, 5, 16))
    shape = (rng.choice((2, 3)), rows, size) if rng.random() < 0.25 else (rows, size)
    if reduction in ("amax_first_keepdim", "amax_tuple") and shape[0] == 1:
        shape = (2, *shape[1:])
    inputs = rng.choices(("randn", "ties", "special"), weights=(6, 2, 2))[0]
    if inputs == "ties" and size < 2:
        inputs = "randn"
    wrapper = "func_grad" if rng.random() < 0.15 else "train"
    dynamic = rng.random() < 0.15
    return Case(producer, reduction, dtype, shape, wrapper, inputs, dynamic, seed=index)


def _draw_mask_case(rng: random.Random, index: int):
    from torch_patch.testing.cases import (
        COMPARISONS, DTYPES, INCLUSIVE_COMPARISONS, MASK_PREFIX, MASK_USES, SELECTIONS, Case
    )

    producer = _draw_chain(rng)
    selection = rng.choice(sorted(SELECTIONS))
    comparison = rng.choice(sorted(COMPARISONS))
    # A count divides by the number of true elements: only an inclusive comparison with a value
    # selected from the row itself guarantees one (eager's count is then never 0 either).
    uses = sorted(MASK_USES) if comparison in INCLUSIVE_COMPARISONS else sorted(set(MASK_USES) - {"count"})
    use = rng.choice(uses)
    dtype = rng.choice(sorted(DTYPES))
    size = rng.choice(SIZES)
    rows = rng.choice((1, 2, 5, 16, 64))
    shape = (rng.choice((2, 3)), rows, size) if rng.random() < 0.25 else (rows, size)
    inputs = rng.choices(("randn", "ties", "special"), weights=(6, 2, 2))[0]
    if inputs == "ties" and size < 2:
        inputs = "randn"
    wrapper = rng.choice(MASK_WRAPPERS)
    dynamic = rng.random() < 0.15
    reduction = f"{MASK_PREFIX}{selection}:{comparison}:{use}"
    return Case(producer, reduction, dtype, shape, wrapper, inputs, dynamic, seed=index)


def _precision_matched_problems(case, compiled_out, compiled_grad) -> tuple[list, list, torch.Tensor]:
    """Forward and gradient mismatches against eager references with Inductor's semantics for a
    fused low-precision graph: ``(forward mismatches, gradient mismatches, reference gradient)``.

    Inductor computes in float32 and rounds only where it stores a buffer.  Whether the reduced
    values are stored (rounded) before the reduction is a fusion decision: they are when another
    kernel also reads them, not when the reduction is fused with its producer.  So the forward
    matches if it equals either the chain as Inductor rounds it (``_inductor_precision_producer``)
    rounded once more before the reduction, or that chain and the reduction unrounded until the
    output (for ``aminmax``, min + max added unrounded; for the other reductions the two coincide,
    rounding being monotonic), or the float64 result (a forward closer to the exact value than
    these rounding models, e.g. where Inductor lowers a one-row bmm as a sum reduction, is right).
    The gradient's tie mask compares a stored copy, so its reference is the first.
    """
    from torch_patch.testing.cases import REDUCTIONS, _weights_like, make_inputs
    from torch_patch.testing.verify import compare_gradients

    producer, reduction = _inductor_precision_producer(case.producer), REDUCTIONS[case.reduction]
    x, y, gen = make_inputs(case)
    x = x.detach().requires_grad_(True)
    values = producer(x, y)
    with torch.no_grad():
        rounded_at_output = reduction(values).to(case.torch_dtype)
    out = reduction(values.to(case.torch_dtype))
    (out.float() * _weights_like(out, gen)).sum().backward()
    dtype = case.precision_dtype
    forward_problems = compare_gradients(out.detach(), compiled_out, dtype)
    for alternative in (lambda: rounded_at_output, lambda: _float64_forward(case)):
        if forward_problems and not compare_gradients(alternative(), compiled_out, dtype):
            forward_problems = []
    return forward_problems, compare_gradients(x.grad, compiled_grad, dtype), x.grad


def _inductor_precision_producer(name: str):
    """The producer ``name`` evaluated where Inductor rounds: pointwise ops in float32, unrounded
    (they fuse), but a low-precision ``matmul`` step as the extern kernel it is, on a stored
    (rounded) input, with a low-precision output.  Returns float32 values; ``x``, ``y`` are in the
    case dtype."""
    from torch_patch.testing.cases import CHAIN_PREFIX, CHAIN_STEPS, gram_matmul, producer_function

    if not name.startswith(CHAIN_PREFIX):
        return lambda x, y: producer_function(name)(x.float(), y.float())
    steps = name[len(CHAIN_PREFIX) :].split("+")

    def chain(x, y):
        v, low_precision = x.float(), True
        for step in steps:
            if step == "matmul" and low_precision:
                v = gram_matmul(v.to(x.dtype), y).float() / y.shape[-2]
            else:
                low_precision &= step != "f32"
                v = CHAIN_STEPS[step](v, y.float())
        return v

    return chain


def _float64_reference(case, with_grad: bool = False) -> tuple[torch.Tensor, torch.Tensor | None]:
    """The case's forward (and, with ``with_grad``, its input gradient) computed in float64 from the
    same (rounded) inputs and upstream weights: the exact result the dtype's results approximate."""
    from torch_patch.testing.cases import _weights_like, make_inputs

    x, y, gen = make_inputs(case)
    x64 = x.double().requires_grad_(with_grad)
    with torch.set_grad_enabled(with_grad):
        out64 = case.function()(x64, y.double())
    if not with_grad:
        return out64, None
    (out64 * _weights_like(out64, gen).double()).sum().backward()
    return out64.detach(), x64.grad


def _float64_forward(case) -> torch.Tensor:
    """The case's forward computed in float64 from the same (rounded) inputs, in the case dtype."""
    return _float64_reference(case)[0].to(case.torch_dtype)


def _eager_overflows(case) -> bool:
    """Whether eager's result or gradient is inf/NaN where the same graph in float64 is finite.

    Eager rounds every fp16 intermediate, so a chain (or its backward, e.g. atan2's 1/(v²+y²)) can
    overflow fp16's range in eager alone; Inductor computes those intermediates in float32.  Such a
    case is judged against the precision-matched reference instead (``_precision_matched_problems``).
    """
    from torch_patch.testing.cases import run_case, wrapped

    if case.dtype not in ("bf16", "fp16"):
        return False
    eager_out, eager_grad = run_case(case, wrapped(case))
    out64, grad64 = _float64_reference(case, with_grad=True)
    return any(bool((~e.isfinite() & r.isfinite()).any()) for e, r in ((eager_out, out64), (eager_grad, grad64)))


def _forward_as_accurate_as_eager(case, compiled_out: torch.Tensor, eager_out: torch.Tensor) -> bool:
    """Whether the compiled forward is, element by element, no farther from the float64 result than
    eager's is, plus the dtype's tolerance (and has eager's NaN/inf/zero pattern).

    The tolerance of ``compare_gradients`` is relative to the output's magnitude, but a matmul's
    rounding error is relative to the magnitude of its terms: where they cancel (an extremum of
    ``|v|`` near 0 after a 300-term matmul), eager and Inductor's matmul differ from the exact value,
    and from each other, by more than that tolerance.  A forward as close to the exact value as
    eager's own is right; a wrong selection (another element, a dropped row) is not that close.
    """
    from torch_patch.testing.verify import compare_gradients, tolerance

    if any(m.what != "values" for m in compare_gradients(eager_out, compiled_out, case.precision_dtype)):
        return False
    exact = _float64_reference(case)[0]
    e, c = eager_out.detach().double(), compiled_out.detach().double()
    finite = exact.isfinite() & e.isfinite() & c.isfinite()
    rtol, atol = tolerance(case.precision_dtype, e[finite])
    allowed = (e - exact).abs() + atol + rtol * exact.abs()
    return bool(((c - exact).abs() <= allowed)[finite].all())


def _rounds_between_ops(case) -> bool:
    """Whether eager rounds a bf16/fp16 value between two ops of the case's graph where Inductor may
    not: a producer chain of several ops, or ``aminmax``, whose two results the case adds."""

    computed_self = case.reduction in _SCATTER_SELF_INCLUDED
    multi_op = "+" in case.producer or case.reduction in ("aminmax", "aminmax_all") or computed_self
    return case.dtype in ("bf16", "fp16") and multi_op


#: reduction -> (value transform, reduced dims or None for all, kinds of extremum)
_REDUCED_VALUES = {
    "amin_last": (lambda v: v, (-1,), ("min",)),
    "amin_last_keepdim": (lambda v: v, (-1,), ("min",)),
    "amax_tuple": (lambda v: v, (0, -1), ("max",)),
    "amax_nodim": (lambda v: v, None, ("max",)),
    "amax_first_keepdim": (lambda v: v, (0,), ("max",)),
    "max_all": (lambda v: v, None, ("max",)),
    "min_all": (lambda v: v, None, ("min",)),
    "norm_inf": (torch.abs, (-1,), ("max",)),
    "norm_ninf_keepdim": (torch.abs, (-1,), ("min",)),
    "aminmax": (lambda v: v, (-1,), ("min", "max")),
    "aminmax_all": (lambda v: v, None, ("min", "max")),
    "median_all": (lambda v: v, None, ("median",)),
    "nanmedian_all": (lambda v: v, None, ("nanmedian",)),
}
#: Scatter-style reductions whose ``self`` is a computed value that competes with src (include_self).
_SCATTER_SELF_INCLUDED = frozenset({"scatter_amin_self", "scatter_amax_inplace", "index_amin_self_inplace"})
ULP_SLACK = 4


def near_extremum_mask(case) -> torch.Tensor:
    """Positions whose eager value lies within ``ULP_SLACK`` ulps of its slice's extremum, in slices
    where at least two values do.

    Eager and Inductor may evaluate a producer one ulp apart (different transcendental
    implementations, saturation to exactly 1.0 or not); within such a near-tie set the position of
    the extremum is not determined by the inputs, so either choice is right.
    """
    from torch_patch.testing.cases import SCATTER_REDUCTIONS, make_inputs, producer_function

    x, y, _ = make_inputs(case)
    v = producer_function(case.producer)(x, y).double()
    dtype = case.torch_dtype
    if case.reduction in SCATTER_REDUCTIONS:
        return _scatter_near_ties(case, v, dtype)
    transform, dims, kinds = _REDUCED_VALUES[case.reduction]
    v = transform(v)
    dims = tuple(range(v.dim())) if dims is None else dims
    ambiguous = torch.zeros_like(v, dtype=torch.bool)
    for kind in kinds:
        if kind in ("median", "nanmedian"):
            ext = getattr(v, kind)().reshape((1,) * v.dim())
        else:
            ext = v.amin(dim=dims, keepdim=True) if kind == "min" else v.amax(dim=dims, keepdim=True)
        near = _near(v, ext, dtype)
        # Only a *set* of near-tied values is ambiguous: a lone extremum must get its gradient.
        ambiguous |= near & (near.sum(dim=dims, keepdim=True) >= 2)
    return ambiguous


def _near(v: torch.Tensor, ext: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    return (v - ext).abs() <= ULP_SLACK * torch.finfo(dtype).eps * ext.abs() + torch.finfo(dtype).tiny


def _scatter_near_ties(case, v: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """``near_extremum_mask`` of a scatter-style case: sets of src values (plus the target's ``self``
    value, when included) within ``ULP_SLACK`` ulps of the value their target selected."""
    from torch_patch.testing.cases import REDUCTIONS, scatter_index, scatter_target

    index = scatter_index(v)
    result = REDUCTIONS[case.reduction](v)
    near = _near(v, result.gather(-1, index), dtype)
    counts = torch.zeros_like(result).scatter_add(-1, index, near.double())
    if case.reduction not in _SCATTER_SELF_INCLUDED:
        return near & (counts.gather(-1, index) >= 2)
    self_near = _near(scatter_target(v, "computed"), result, dtype)
    counts = counts + self_near.double()
    ambiguous = near & (counts.gather(-1, index) >= 2)
    # The computed self is cos(v[..., :1]): its gradient lands on position 0 of each row.
    ambiguous[..., 0] |= (self_near & (counts >= 2)).any(dim=-1)
    return ambiguous


def _only_ulp_ambiguous(case, compiled_grad, eager_grad=None) -> bool:
    """True when every position where the compiled gradient's support differs from eager's (or from
    the given reference gradient's) is in a near-tie set (see ``near_extremum_mask``)."""
    from torch_patch.testing.cases import run_case, wrapped

    if eager_grad is None:
        _, eager_grad = run_case(case, wrapped(case))
    if not torch.equal(eager_grad.isnan(), compiled_grad.isnan()):
        return False
    differs = (eager_grad != 0) != (compiled_grad != 0)
    near = near_extremum_mask(case)
    if not differs.any() or not near[differs].all():
        return False
    # Within an ambiguous set the gradient may move, but it must not vanish: total |grad| per set
    # must be kept (loosely: compiled is nonzero wherever the ambiguous set had eager gradient).
    return bool(((compiled_grad != 0) & near).any() or not ((eager_grad != 0) & near).any())


def _support_differs_within_tolerance(case, compiled_grad, reference_grad) -> bool:
    """True when every support difference is a gradient within the dtype's value tolerance of zero.

    In an fp16 graph whose eager intermediates overflow, a derivative such as ``1 - tanh(v)**2`` is
    tiny, and zero where one implementation saturates tanh to 1.0: a value difference, not a lost
    extremum (a lost extremum loses the upstream weight, far above the tolerance).
    """
    from torch_patch.testing.verify import tolerance

    ref, got = reference_grad.double(), compiled_grad.double()
    finite = ref.isfinite() & got.isfinite()
    differs = ((ref != 0) != (got != 0)) & finite
    _, atol = tolerance(case.precision_dtype, ref[finite])
    return bool(differs.any()) and bool(((ref - got).abs()[differs] <= atol).all())


def judge(case) -> list[str]:
    """Problems of one case (empty: right).  A dynamic-shape case is compiled once and judged on its
    own shape and on one with a larger leading dim."""
    from torch_patch.testing.verify import check_case, compile_case

    torch._dynamo.reset()
    compiled = compile_case(case)
    shapes = (case.shape, (case.shape[0] + 3, *case.shape[1:])) if case.dynamic else (case.shape,)
    problems = []
    for shape in shapes:
        sized = case.with_(shape=shape)
        prefix = f"shape {shape}: " if case.dynamic else ""
        problems += [prefix + p for p in _unexcused_problems(sized, check_case(sized, compiled=compiled))]
    return problems


def _unexcused_problems(case, result) -> list[str]:
    """``result``'s mismatches, unless all of them are one of the legitimate differences above."""
    from torch_patch.testing.cases import MASK_PREFIX

    problems = [str(m) for m in result.mismatches]
    kinds = [m.what for m in result.mismatches]
    if case.reduction.startswith(MASK_PREFIX):
        return _unexcused_mask_problems(case, result, problems, kinds)
    if kinds and _eager_overflows(case):
        return [] if _matched_reference_excuses(case, result) else problems
    if not kinds or not all(k.endswith(("support", "values")) for k in kinds):
        return problems
    if all(k.endswith("forward values") for k in kinds) and _forward_as_accurate_as_eager(
        case, result.output, result.eager_output
    ):
        return []
    # train and func_grad cases compute the same gradient (same upstream weights), so the
    # references below serve both.
    if _rounds_between_ops(case) and _matched_reference_excuses(case, result):
        return []
    grad_only = not any(k.startswith("forward") for k in kinds)
    if grad_only and _only_ulp_ambiguous(case, result.grad, result.eager_grad):
        return []
    return problems


def _unexcused_mask_problems(case, result, problems: list[str], kinds: list[str]) -> list[str]:
    """The judge of a user-written mask case (module docstring): eager, or eager's precision, or
    ulp-ambiguous mask elements; never an empty row of an inclusive mask, and NaN/inf differences only
    where eager's own fp16 intermediates overflow and the compiled value is the finite one."""
    if not kinds:
        return problems
    if not all(k.endswith(("support", "values")) for k in kinds) and not (
        _finite_where_eager_is(result) and _eager_overflows(case)
    ):
        return problems
    if _empties_an_inclusive_row(case, result):
        return problems
    if _producer_values_differ_only(case, result, kinds):
        return []
    if case.dtype in ("bf16", "fp16") and _right_with_eager_precision(case):
        return []
    if mask_flips_are_ulp_ambiguous(case, result):
        return []
    return problems


def _producer_values_differ_only(case, result, kinds: list[str]) -> bool:
    """Whether the compiled mask equals eager's and the only difference is in the forward values, each
    value whose support differs being within the dtype's tolerance of zero.

    With the mask equal, no selection or comparison differs: the difference is the producer's own
    evaluation, e.g. Inductor's vectorized ``erf`` returns 0.0 for an argument of 3.9e-10 where eager
    returns 4.4e-10 (stock compile gives the same 0.0; seed 3102009387).  A flipped mask element
    fails the first condition, whatever the values."""
    if not all(k == "forward support" or k == "forward values" for k in kinds):
        return False
    if not torch.equal(result.output[1], result.eager_output[1]):
        return False
    values, eager_values = result.output[0], result.eager_output[0]
    if "forward support" in kinds and not _support_differs_within_tolerance(case, values, eager_values):
        return False
    from torch_patch.testing.verify import compare_gradients

    return all(m.what == "support" for m in compare_gradients(eager_values, values, case.precision_dtype))


def _finite_where_eager_is(result) -> bool:
    """Whether the compiled forward and gradient are finite wherever eager's are: a NaN or inf that
    eager lacks is never excused."""
    pairs = [(result.output, result.eager_output), (result.grad, result.eager_grad)]
    return all(bool((e.isfinite() <= c.isfinite()).all()) for c, e in pairs if c is not None and e is not None)


def _mask_parts(case):
    """(selection dims, comparison) of a ``mask:`` case."""
    from torch_patch.testing.cases import MASK_PREFIX, SELECTIONS

    selection, comparison, _ = case.reduction[len(MASK_PREFIX) :].split(":")
    return SELECTIONS[selection][1], comparison


def _rows_hold_a_true(mask: torch.Tensor, dims) -> torch.Tensor:
    return mask.amax(dim=dims) > 0 if dims is not None else mask.amax() > 0


def _empties_an_inclusive_row(case, result) -> bool:
    """Whether the compiled mask has an empty row where eager's has a true element, for an inclusive
    comparison (``eq``/``ge``/``le`` with a value of the row itself: the invariant the fix keeps)."""
    from torch_patch.testing.cases import INCLUSIVE_COMPARISONS

    dims, comparison = _mask_parts(case)
    if comparison not in INCLUSIVE_COMPARISONS:
        return False
    compiled, eager = _rows_hold_a_true(result.output[1], dims), _rows_hold_a_true(result.eager_output[1], dims)
    return bool((eager & ~compiled).any())


def _right_with_eager_precision(case) -> bool:
    """Whether the case, compiled again with ``emulate_precision_casts=True`` (Inductor rounds every
    bf16/fp16 intermediate as eager does), equals eager: the difference was precision semantics."""
    from torch_patch.testing.verify import check_case

    try:
        with torch._inductor.config.patch(emulate_precision_casts=True):
            torch._dynamo.reset()
            result = check_case(case)
    except Exception as exc:  # noqa: BLE001 - torch 2.9's C++ backend cannot compile this option
        log.warning("emulate_precision_casts=True does not compile %s on this torch (%r): no precision excuse", case.name, exc)
        return False
    finally:
        torch._dynamo.reset()
    return result.ok


def mask_flips_are_ulp_ambiguous(case, result) -> bool:
    """Whether every mask element where the compiled mask differs from eager's holds a value that lies
    within ``ULP_SLACK`` ulps of *another* value of its row, in eager's values.

    Two near-equal values may be ordered differently when eager and Inductor evaluate a producer an
    ulp apart (a scalar tail, a saturating ``tanh``), so which of them is the max, the k-th or the
    running min is not determined by the inputs.  A lone value is: the bug flips the selected element
    itself, which equals the selected value exactly and has no near neighbour.
    """
    from torch_patch.testing.cases import make_inputs, producer_function

    flips = result.output[1] != result.eager_output[1]
    if not flips.any():
        return False
    x, y, _ = make_inputs(case)
    values = producer_function(case.producer)(x, y).double().expand(flips.shape)
    dims, _ = _mask_parts(case)
    return bool(_near_another_value(values, dims, case.torch_dtype)[flips].all())


def _near_another_value(v: torch.Tensor, dims, dtype: torch.dtype) -> torch.Tensor:
    """Positions of ``v`` within ``ULP_SLACK`` ulps of another element of their row (``dims``: the
    one dim of a row, or None for the whole tensor)."""
    moved = v.reshape(1, -1) if dims is None else v.movedim(dims[0], -1)
    rows = moved.reshape(-1, moved.shape[-1])
    ordered, order = rows.sort(dim=-1)
    pair = _near(ordered[:, 1:], ordered[:, :-1], dtype)
    near_sorted = torch.zeros_like(ordered, dtype=torch.bool)
    near_sorted[:, 1:] |= pair
    near_sorted[:, :-1] |= pair
    near = torch.zeros_like(near_sorted).scatter(-1, order, near_sorted).reshape(moved.shape)
    return near.reshape(v.shape) if dims is None else near.movedim(-1, dims[0])


def _matched_reference_excuses(case, result) -> bool:
    """Whether a low-precision case is right by the precision-matched reference: its forward matches
    it, and its gradient does too, or differs from it only in the support of near-ties or of tiny
    derivatives, or is as close to the float64 gradient as eager's (``as_accurate_as_eager``: e.g.
    eager rounds two values into a tie that Inductor's fp32 intermediates, like the exact values,
    do not have)."""
    from torch_patch.testing.verify import as_accurate_as_eager

    forward_left, grad_left, reference = _precision_matched_problems(case, result.output, result.grad)
    if forward_left:
        return False
    if not grad_left:
        return True
    if all(p.what == "support" for p in grad_left) and (
        _only_ulp_ambiguous(case, result.grad, reference)
        or _support_differs_within_tolerance(case, result.grad, reference)
    ):
        return True
    grad64 = _float64_reference(case, with_grad=True)[1]
    return as_accurate_as_eager(grad_left, result.grad, result.eager_grad, grad64)


def stock_fails_alike(case, error: Exception, policy: str) -> bool:
    """Whether stock compile (the fix uninstalled) fails ``case`` with the same error as the fix did.

    Why: a compile error with the fix is a failure of the fix, unless stock compile fails the same case the
    same way on this torch, which the fix cannot be blamed for (found: torch 2.13.0's C++ backend asserts in
    the vectorized atomic-add store of tiny fp64 ``index_reduce`` backwards under ``func.grad`` at 2 threads,
    with ``TORCH_PATCH_DISABLE=1`` too; 1 thread and torch 2.15 compile them).  The fuzzer reports such a case
    on its own line and counts it apart: never as right, never as the fix's.  The fix is installed again (with
    ``policy``) afterwards.
    """
    import torch_patch

    torch_patch.uninstall()
    try:
        judge(case)
    except Exception as stock_error:  # noqa: BLE001 - compared with the fix's error below
        return type(stock_error) is type(error) and str(stock_error) == str(error)
    else:
        return False
    finally:
        torch_patch.install(policy=policy)


def repro(case, fix: str = "on") -> str:
    env = "TORCH_PATCH_DISABLE=1 " if fix == "off" else ""
    fields = ", ".join(
        f"{k}={getattr(case, k)!r}" for k in ("producer", "reduction", "dtype", "shape", "wrapper", "inputs", "dynamic", "seed")
    )
    return (
        f"{env}python -c \"import torch_patch; from torch_patch.testing.cases import Case; from torch_patch.testing.verify import check_case; "
        f"print(check_case(Case({fields})).mismatches)\""
    )


def wrong_indices(log_text: str, seed: int, cases: int) -> set[int]:
    """Indices (in the run's draw order) of the cases a run's output printed as WRONG, read from the
    case seeds in their repro lines (case seed = run seed * 1,000,003 + index)."""
    indices = set()
    for line in log_text.splitlines():
        if not line.startswith("WRONG "):
            continue
        match = re.search(r"seed=(\d+)\)", line)
        if not match:
            raise ValueError(f"a WRONG line without a case seed: {line[:120]}")
        index = int(match.group(1)) - seed * 1_000_003
        if not 0 <= index < cases:
            raise ValueError(f"case seed {match.group(1)} is not from a run with --seed {seed} --cases {cases}")
        indices.add(index)
    return indices


def _apart(stock_errors: int) -> str:
    """The summary's note of the cases that stock compile fails alike (``stock_fails_alike``)."""
    return f" ({stock_errors} not judged: stock compile fails them alike)" if stock_errors else ""


def _shard(text: str) -> tuple[int, int]:
    """``"K/N"`` -> ``(K, N)``, for ``--shard``."""
    match = re.fullmatch(r"(\d+)/(\d+)", text.strip())
    if not match or not 0 <= int(match.group(1)) < int(match.group(2)):
        raise argparse.ArgumentTypeError(f"expected K/N with 0 <= K < N (e.g. 0/2), got {text!r}")
    return int(match.group(1)), int(match.group(2))


def _planned(args, only) -> int:
    """How many cases this process judges (for its progress lines)."""
    indices = range(args.cases) if only is None else sorted(only)
    if args.shard is None:
        return len(indices)
    return sum(1 for i in indices if i % args.shard[1] == args.shard[0])


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m torch_patch.testing.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=50, help="number of cases (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="random seed of the case generator (default 0)")
    parser.add_argument("--fix", choices=("on", "off"), default="on", help="run with the fix installed or not")
    parser.add_argument(
        "--kind",
        choices=KINDS,
        default="all",
        help="family: value-selecting ops (the cases of the runs before user masks); masks: user-written "
        "masks against selected values (PyTorch #195214); all: either, half and half (default)",
    )
    parser.add_argument(
        "--rejudge",
        metavar="LOG",
        help="judge again only the cases that an earlier run's output LOG (same --seed and --cases) printed "
        "as WRONG: after a change to the judge, with the compiled code unchanged",
    )
    parser.add_argument(
        "--policy",
        choices=("recompute", "save"),
        default="recompute",
        help="where the fix keeps its stored copy for the backward (torch_patch.install(policy=...))",
    )
    parser.add_argument(
        "--checkpoint",
        action="store_true",
        help="run every training case in activation-checkpointed regions: its stages (producer steps, selection, "
        "comparison, use, a reader of the result) cut at random into consecutive and nested torch.utils.checkpoint "
        "regions, some under a selective-checkpoint policy that saves or recomputes amax/max "
        "(torch_patch.testing.cases.checkpoint_regions)",
    )
    parser.add_argument(
        "--memory-budget",
        type=float,
        metavar="B",
        help="set torch._functorch.config.activation_memory_budget to B (0 to 1) for every compile",
    )
    parser.add_argument(
        "--backend",
        choices=BACKENDS,
        default="cpp",
        help="Inductor backend of the compiled runs: cpp (the C++ code CPU users run, default) or triton (the "
        "Triton code CUDA users run, generated for CPU tensors and run by Triton's interpreter: "
        "torch_patch.testing.triton_lane; rows of 1000 and 3000 instead of 128 and 300)",
    )
    parser.add_argument(
        "--shard",
        type=_shard,
        metavar="K/N",
        help="judge only the cases whose index is K modulo N (0 <= K < N): N processes with K = 0..N-1 "
        "together judge the same cases as one run, each drawn exactly as in that run",
    )
    args = parser.parse_args(argv)
    if args.backend == "triton":
        from torch_patch.testing import triton_lane

        error = triton_lane.enter_lane(["-m", "torch_patch.testing.fuzz"] if argv is None else None)
        if error:
            parser.error(f"--backend triton: {error}")
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("torch_patch").setLevel(logging.WARNING)
    log.setLevel(logging.INFO)
    if args.cases < 1:
        parser.error("--cases must be at least 1")
    if args.memory_budget is not None and not 0.0 <= args.memory_budget <= 1.0:
        parser.error(f"--memory-budget must be between 0 and 1, got {args.memory_budget}")
    if args.memory_budget is not None:
        torch._functorch.config.activation_memory_budget = args.memory_budget
    only = None
    if args.rejudge:
        try:
            only = wrong_indices(Path(args.rejudge).read_text(), args.seed, args.cases)
        except (OSError, ValueError) as exc:
            parser.error(f"--rejudge {args.rejudge}: {exc}")

    import torch_patch

    if args.fix == "off":
        torch_patch.uninstall()
    elif not torch_patch.install(policy=args.policy):
        print("the fix cannot be installed on this torch; see the warning above", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    wrong = done = stock_errors = 0
    try:
        for index in range(args.cases):
            case = draw_case(rng, args.seed * 1_000_003 + index, args.kind, args.backend)
            if args.checkpoint and case.wrapper == "train":
                case = dataclasses.replace(case, wrapper="checkpoint_regions")
            if only is not None and index not in only:
                continue
            if args.shard is not None and index % args.shard[1] != args.shard[0]:
                continue
            try:
                problems = judge(case)
            except Exception as exc:  # noqa: BLE001 - a crash of the compile is a failure too
                problems = [f"error: {exc!r}"[:300]]
                if args.fix == "on" and stock_fails_alike(case, exc, args.policy):
                    stock_errors += 1
                    print(f"STOCK FAILS ALIKE {case.name}: {problems[0]} | repro: {repro(case, 'off')}", flush=True)
                    problems = []
            done += 1
            if problems:
                wrong += 1
                print(f"WRONG {case.name}: {problems[0]} | repro: {repro(case, args.fix)}", flush=True)
            if done % 50 == 0:
                log.info("%d of %d cases, %d wrong so far%s", done, _planned(args, only), wrong, _apart(stock_errors))
    except KeyboardInterrupt:
        print(f"interrupted after {done} of {args.cases} cases")
        print(f"{done} cases, {wrong} wrong{_apart(stock_errors)}")
        return 130
    suffix = f" (the WRONG cases of {args.rejudge}, judged again)" if only is not None else ""
    if args.shard is not None:
        suffix += f" (shard {args.shard[0]}/{args.shard[1]} of {args.cases})"
    print(f"{done} cases, {wrong} wrong{_apart(stock_errors)}{suffix}")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
