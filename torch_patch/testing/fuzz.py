"""Differential fuzzer: random producer chains x reductions x dtypes x shapes, compiled vs eager.

    python -m torch_patch.testing.fuzz --cases N --seed S [--fix off]

Each case draws a producer chain (transcendental unary/binary ops, arithmetic, matmul, casts), a
reduction from the fix's scope, a dtype, a shape (reduction sizes 1-9, 16, 37, 128, 300), injected ties
or NaN/±inf/±0.0, static or dynamic shapes, and sometimes a ``func.grad`` wrapper.  A case is *wrong*
when the compiled gradient (or forward) differs from eager by the ``torch_patch.testing.verify`` criteria.

Two legitimate differences are not counted (a NaN that eager lacks is always wrong).  Both are
judged per shape, so they apply to the second shape of a dynamic-shape case too:
- Low-precision graphs of several ops (a chain, or ``aminmax``'s min + max): eager rounds after
  every op, Inductor only where it stores, so the forward values and near-tied extrema may move (see
  test/test_precision_semantics.py).  A support/value difference, forward or gradient, counts only
  if the case also differs from precision-matched eager references (``_precision_matched_problems``).
- ulp-ambiguous ties: eager and Inductor may evaluate a producer one ulp apart (erf/tanh saturating
  to exactly 1.0 or not).  A gradient support difference counts only if some differing position lies
  outside the set of values within 4 ulps of its slice's extremum in eager.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys

import torch

log = logging.getLogger(__name__)

UNARY = ("sin", "exp", "tanh", "erf", "sigmoid", "atan", "square", "scale")
BINARY = ("atan2", "mul", "add", "sub")
SIZES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 16, 37, 128, 300)


def draw_case(rng: random.Random, index: int):
    from torch_patch.testing.cases import DTYPES, REDUCTIONS, Case

    steps = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.random()
        steps.append(
            rng.choice(BINARY) if kind < 0.4 else "matmul" if kind < 0.5 else "f32" if kind < 0.6 else rng.choice(UNARY)
        )
    if all(s == "f32" for s in steps):
        steps.append(rng.choice(BINARY))
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
    return Case("chain:" + "+".join(steps), reduction, dtype, shape, wrapper, inputs, dynamic, seed=index)


def _precision_matched_problems(case, compiled_out, compiled_grad):
    """Forward and gradient mismatches against eager references with Inductor's semantics for a
    fused low-precision graph.

    Inductor computes in float32 and rounds only where it stores a buffer.  Whether the reduced
    values are stored (rounded) before the reduction is a fusion decision: they are when another
    kernel also reads them, not when the reduction is fused with its producer.  So the forward
    matches if it equals either the chain as Inductor rounds it (``_inductor_precision_producer``)
    rounded once more before the reduction, or that chain and the reduction unrounded until the
    output (for ``aminmax``, min + max added unrounded; for the other reductions the two coincide,
    rounding being monotonic).  The gradient's tie mask compares a stored copy, so its reference is
    the first.
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
    if forward_problems and not compare_gradients(rounded_at_output, compiled_out, dtype):
        forward_problems = []
    return forward_problems + compare_gradients(x.grad, compiled_grad, dtype)


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


def _rounds_between_ops(case) -> bool:
    """Whether eager rounds a bf16/fp16 value between two ops of the case's graph where Inductor may
    not: a producer chain of several ops, or ``aminmax``, whose two results the case adds."""
    multi_op = "+" in case.producer or case.reduction in ("aminmax", "aminmax_all")
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
}
ULP_SLACK = 4


def near_extremum_mask(case) -> torch.Tensor:
    """Positions whose eager value lies within ``ULP_SLACK`` ulps of its slice's extremum, in slices
    where at least two values do.

    Eager and Inductor may evaluate a producer one ulp apart (different transcendental
    implementations, saturation to exactly 1.0 or not); within such a near-tie set the position of
    the extremum is not determined by the inputs, so either choice is right.
    """
    from torch_patch.testing.cases import make_inputs, producer_function

    x, y, _ = make_inputs(case)
    transform, dims, kinds = _REDUCED_VALUES[case.reduction]
    v = transform(producer_function(case.producer)(x, y)).double()
    dims = tuple(range(v.dim())) if dims is None else dims
    eps = torch.finfo(case.torch_dtype).eps
    ambiguous = torch.zeros_like(v, dtype=torch.bool)
    for kind in kinds:
        ext = v.amin(dim=dims, keepdim=True) if kind == "min" else v.amax(dim=dims, keepdim=True)
        near = (v - ext).abs() <= ULP_SLACK * eps * ext.abs() + torch.finfo(case.torch_dtype).tiny
        # Only a *set* of near-tied values is ambiguous: a lone extremum must get its gradient.
        ambiguous |= near & (near.sum(dim=dims, keepdim=True) >= 2)
    return ambiguous


def _only_ulp_ambiguous(case, compiled_grad) -> bool:
    """True when every position where the compiled gradient's support differs from eager's is in a
    near-tie set (see ``near_extremum_mask``)."""
    from torch_patch.testing.cases import run_case, wrapped

    _, eager_grad = run_case(case, wrapped(case))
    if not torch.equal(eager_grad.isnan(), compiled_grad.isnan()):
        return False
    differs = (eager_grad != 0) != (compiled_grad != 0)
    if not differs.any() or not near_extremum_mask(case)[differs].all():
        return False
    # Within an ambiguous set the gradient may move, but it must not vanish: total |grad| per set
    # must be kept (loosely: compiled is nonzero wherever the ambiguous set had eager gradient).
    near = near_extremum_mask(case)
    return bool(((compiled_grad != 0) & near).any() or not ((eager_grad != 0) & near).any())


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
    problems = [str(m) for m in result.mismatches]
    kinds = [m.what for m in result.mismatches]
    if not kinds or not all(k.endswith(("support", "values")) for k in kinds):
        return problems
    # train and func_grad cases compute the same gradient (same upstream weights), so the
    # references below serve both.
    if _rounds_between_ops(case) and not _precision_matched_problems(case, result.output, result.grad):
        return []
    grad_only = not any(k.startswith("forward") for k in kinds)
    if grad_only and _only_ulp_ambiguous(case, result.grad):
        return []
    return problems


def repro(case, fix: str = "on") -> str:
    env = "TORCH_PATCH_DISABLE=1 " if fix == "off" else ""
    fields = ", ".join(
        f"{k}={getattr(case, k)!r}" for k in ("producer", "reduction", "dtype", "shape", "wrapper", "inputs", "dynamic", "seed")
    )
    return (
        f"{env}python -c \"import torch_patch; from torch_patch.testing.cases import Case; from torch_patch.testing.verify import check_case; "
        f"print(check_case(Case({fields})).mismatches)\""
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m torch_patch.testing.fuzz", description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=50, help="number of cases (default 50)")
    parser.add_argument("--seed", type=int, default=0, help="random seed of the case generator (default 0)")
    parser.add_argument("--fix", choices=("on", "off"), default="on", help="run with the fix installed or not")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("torch_patch").setLevel(logging.WARNING)
    log.setLevel(logging.INFO)
    if args.cases < 1:
        parser.error("--cases must be at least 1")

    import torch_patch

    if args.fix == "off":
        torch_patch.uninstall()
    elif not torch_patch.install():
        print("the fix cannot be installed on this torch; see the warning above", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    wrong = done = 0
    try:
        for index in range(args.cases):
            case = draw_case(rng, args.seed * 1_000_003 + index)
            try:
                problems = judge(case)
            except Exception as exc:  # noqa: BLE001 - a crash of the compile is a failure too
                problems = [f"error: {exc!r}"[:300]]
            done += 1
            if problems:
                wrong += 1
                print(f"WRONG {case.name}: {problems[0]} | repro: {repro(case, args.fix)}", flush=True)
            if done % 50 == 0:
                log.info("%d cases, %d wrong so far", done, wrong)
    except KeyboardInterrupt:
        print(f"interrupted after {done} of {args.cases} cases")
        print(f"{done} cases, {wrong} wrong")
        return 130
    print(f"{done} cases, {wrong} wrong")
    return 0 if wrong == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
