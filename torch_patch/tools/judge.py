"""The project's criteria for a compiled result against eager PyTorch (the ground truth): one judge for
``torch_patch.check``, the tests and the fuzzer (``torch_patch.testing.verify`` runs cases with it).

A compiled gradient is *wrong* when, compared with eager on the same inputs, it has NaN where eager
has none (or lacks NaN where eager has it), a different nonzero support, or values outside a
dtype-appropriate tolerance; for bf16/fp16, ``as_accurate_as_eager`` excuses differences that are no
further from the float64 gradient than eager's own (eager's NaN included, where float64 is finite and
the compiled value agrees with it).  Forward outputs are compared the same way.  How often the compiled
forward is bitwise equal to eager's is measured separately (``bitwise_equal_fraction``): with the fix it
must be at least as often as with stock compile.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

#: (rtol, atol relative to the largest eager magnitude) per dtype.  bf16/fp16 producers are rounded
#: differently by eager (after every op) and Inductor (once, at the store), so their gradients differ
#: by a few ulp of the *intermediates*, which is absolute error on the scale of the whole gradient.
TOLERANCES = {
    torch.float64: (1e-7, 1e-12),
    torch.float32: (1e-4, 1e-6),
    torch.bfloat16: (2e-2, 2e-2),
    torch.float16: (1e-2, 4e-3),
}


@dataclass(frozen=True)
class Mismatch:
    what: str
    detail: str

    def __str__(self) -> str:
        return f"{self.what}: {self.detail}"


def tolerance(dtype: torch.dtype, reference: torch.Tensor) -> tuple[float, float]:
    """``(rtol, atol)`` for comparing with the finite values ``reference``: atol scales with their
    largest magnitude (at least 1), see ``TOLERANCES``."""
    rtol, atol_scale = TOLERANCES.get(dtype, TOLERANCES[torch.float32])
    scale = reference.abs().max().item() if reference.numel() else 0.0
    return rtol, atol_scale * max(scale, 1.0)


def compare_gradients(expected: torch.Tensor, actual: torch.Tensor, dtype: torch.dtype) -> list[Mismatch]:
    """Mismatches of ``actual`` (compiled) against ``expected`` (eager); empty when right."""
    problems = []
    if expected.shape != actual.shape:
        return [Mismatch("shape", f"eager {tuple(expected.shape)} vs compiled {tuple(actual.shape)}")]
    e, a = expected.detach().double(), actual.detach().double()
    e_nan, a_nan = e.isnan(), a.isnan()
    if not torch.equal(e_nan, a_nan):
        extra = int((a_nan & ~e_nan).sum())
        missing = int((e_nan & ~a_nan).sum())
        problems.append(Mismatch("nan", f"{extra} NaN that eager lacks, {missing} eager NaN missing"))
    finite = ~(e_nan | a_nan)
    e_support, a_support = (e != 0) & finite, (a != 0) & finite
    if not torch.equal(e_support, a_support):
        problems.append(
            Mismatch(
                "support",
                f"{int((e_support & ~a_support).sum())} eager-nonzero positions are zero, "
                f"{int((a_support & ~e_support).sum())} eager-zero positions are nonzero",
            )
        )
    e_inf, a_inf = e.isinf() & finite, a.isinf() & finite
    inf_differs = int(((e_inf | a_inf) & (e != a)).sum())  # -inf vs +inf, or inf vs finite
    if inf_differs:
        problems.append(Mismatch("inf", f"{inf_differs} positions differ in infinity or its sign"))
    both = finite & ~(e_inf | a_inf)
    rtol, atol = tolerance(dtype, e[both])
    if not torch.allclose(e[both], a[both], rtol=rtol, atol=atol):
        diff = (e[both] - a[both]).abs().max().item()
        problems.append(Mismatch("values", f"max abs diff {diff:.3g} (rtol {rtol}, atol {atol:.3g})"))
    return problems


#: A low-precision gradient within this factor of eager's distance from the float64 gradient is as
#: accurate as eager's (``as_accurate_as_eager``).
ACCURACY_SLACK = 1.1


def relative_error(grad: torch.Tensor, reference: torch.Tensor) -> float:
    """Relative L2 distance of ``grad`` from ``reference`` (the float64 gradient)."""
    reference = reference.detach().double()
    return ((grad.detach().double() - reference).norm() / reference.norm()).item()


def as_accurate_as_eager(problems: list[Mismatch], grad: torch.Tensor, eager_grad: torch.Tensor, grad64: torch.Tensor) -> bool:
    """Whether a bf16/fp16 gradient that differs from eager's only in support/values is still right.

    Eager rounds after every op and Inductor only where it stores, so in a graph of several ops the
    values of a near-tied group can differ (bf16 has 8 bits), and the gradient goes to a different,
    equally valid, element; or eager rounds two values into a tie that the exact values do not have.
    That moves support, but does not make the gradient less accurate: it is right if it is as close to
    the float64 gradient as eager's (within ``ACCURACY_SLACK``).  A lost extremum loses its upstream
    weight, far more than eager's rounding error.

    NaN: a NaN that eager lacks is never excused.  Eager's own NaN is, where the float64 gradient is
    finite and the compiled value is within the dtype's tolerance of it: an fp16 intermediate that eager
    rounds overflows (``atan2``'s ``x*x + y*y``), Inductor keeps it in fp32.  Elsewhere the gradient
    must be as close to float64 as eager's.
    """
    if not problems or not all(p.what.endswith(("support", "values", "nan")) for p in problems):
        return False
    g, e, r = (t.detach().double() for t in (grad, eager_grad, grad64))
    if not (g.isfinite().all() and r.isfinite().all()):
        return False
    eager_nonfinite = ~e.isfinite()
    if any(p.what.endswith("nan") for p in problems) and not eager_nonfinite.any():
        return False
    if eager_nonfinite.any():
        rtol, atol = tolerance(grad.dtype, r)
        if not torch.allclose(g[eager_nonfinite], r[eager_nonfinite], rtol=rtol, atol=atol):
            return False
    finite = ~eager_nonfinite
    return relative_error(g[finite], r[finite]) <= ACCURACY_SLACK * relative_error(e[finite], r[finite]) + 1e-12


def bitwise_equal_fraction(actual: torch.Tensor, expected: torch.Tensor) -> float:
    """Fraction of elements of ``actual`` bitwise equal to ``expected`` (any NaN equals any NaN;
    -0.0 differs from +0.0).  0.0 when shapes or dtypes differ; 1.0 for empty tensors."""
    if actual.shape != expected.shape or actual.dtype != expected.dtype:
        return 0.0
    if actual.numel() == 0:
        return 1.0
    same = (_bits(actual) == _bits(expected)) | (actual.detach().isnan() & expected.detach().isnan())
    return same.float().mean().item()


def _bits(t: torch.Tensor) -> torch.Tensor:
    t = t.detach().contiguous()
    view_dtype = {8: torch.int64, 4: torch.int32, 2: torch.int16, 1: torch.int8}[t.element_size()]
    return t.view(view_dtype)
