"""Differential check of a compiled case against eager PyTorch (the ground truth): ``check_case`` compiles and
runs a ``torch_patch.testing.cases.Case`` and judges it by the criteria of ``torch_patch.tools.judge`` (what counts
as a wrong gradient or forward value, and the bf16/fp16 precision excuse), which ``torch_patch.check`` shares.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

# The criteria live with the user tools (torch_patch.check judges by them too); re-exported for the tests.
from torch_patch.tools.judge import (  # noqa: F401
    ACCURACY_SLACK,
    as_accurate_as_eager,
    bitwise_equal_fraction,
    compare_gradients,
    Mismatch,
    relative_error,
    tolerance,
    TOLERANCES,
)


@dataclass
class CaseResult:
    """Outcome of one case: what is wrong in the compiled run (empty list: right)."""

    name: str
    mismatches: list[Mismatch]
    output: torch.Tensor
    #: ``None`` for forward-only cases (``no_grad``, ``inference_mode``).
    grad: torch.Tensor | None
    #: Eager's forward output on the same inputs (first shape), the reference for forward bits.
    eager_output: torch.Tensor | None = None
    #: Eager's gradient on the same inputs (first shape).
    eager_grad: torch.Tensor | None = None

    @property
    def ok(self) -> bool:
        return not self.mismatches


def compile_case(case, backend: str = "inductor"):
    """``torch.compile`` of the case's wrapped function.

    ``fullgraph=True`` so that a graph break can never silently run a case in eager, except for
    ``torch.autograd.grad`` inside the function, which Dynamo breaks on unless
    ``torch._dynamo.config.trace_autograd_ops`` is set (then it is one unpartitioned graph).
    """
    from torch_patch.testing.cases import wrapped

    fullgraph = case.wrapper != "autograd_grad" or getattr(torch._dynamo.config, "trace_autograd_ops", False)
    return torch.compile(
        wrapped(case), backend=backend, dynamic=True if case.dynamic else None, fullgraph=fullgraph
    )


def check_case(case, compiled=None, shapes: tuple[tuple[int, ...], ...] = ()) -> CaseResult:
    """Compile ``case`` (or use ``compiled``) and compare against eager on the case's inputs.

    ``shapes`` re-runs the same compiled function on further shapes (dynamic-shape cases); every
    run's mismatches are reported, prefixed with its shape.
    """
    from torch_patch.testing.cases import run_case, wrapped

    eager_fn = wrapped(case)
    compiled = compiled if compiled is not None else compile_case(case)
    mismatches: list[Mismatch] = []
    first = None
    for shape in (case.shape, *shapes):
        e_out, e_grad = run_case(case, eager_fn, shape)
        c_out, c_grad = run_case(case, compiled, shape)
        first = first or (c_out, c_grad, e_out, e_grad)
        prefix = f"shape {shape}: " if shapes else ""
        for m in compare_gradients(e_out, c_out, case.precision_dtype):
            mismatches.append(Mismatch(f"{prefix}forward {m.what}", m.detail))
        if e_grad is not None or c_grad is not None:
            for m in compare_gradients(e_grad, c_grad, case.precision_dtype):
                mismatches.append(Mismatch(f"{prefix}grad {m.what}", m.detail))
    return CaseResult(case.name, mismatches, *first)
