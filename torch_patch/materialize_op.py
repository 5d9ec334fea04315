"""The ``torch_patch::materialize`` operator: one stored copy of a value that two readers must agree on.

Why it exists: the backward of ``amin``/``amax``/``max()``/``min()``/inf-norm compares the reduction
result for exact equality with the reduced values.  Inductor is free to compute those values twice
(once inline in the forward reduction, once recomputed for the mask), and the two computations may
differ by an ulp (scalar ``std::atan2`` vs vectorized Sleef) or by rounding (bf16/fp16 reductions run
on unrounded fp32 intermediates).  Either way the mask misses the extremum and the gradient is lost or
NaN.  Routing the reduction and the mask through one ``materialize`` node makes Inductor store the
values once, in the tensor's own dtype, and makes both readers use that buffer.

Eager semantics are a clone, so a graph containing the op stays runnable everywhere (eager,
``aot_eager``, other backends).  The Inductor lowering is where the work happens: it realizes its
input into a buffer instead of copying it.  Partitioners treat the op as non-recomputable (it is not a
built-in ATen op), so the min-cut keeps it on the forward side and never re-derives it in backward.
"""

from __future__ import annotations

import logging

import torch

log = logging.getLogger(__name__)

OP_NAMESPACE = "torch_patch"
OP_NAME = "materialize"

_lowering_registered = False


@torch.library.custom_op(f"{OP_NAMESPACE}::{OP_NAME}", mutates_args=())
def materialize(x: torch.Tensor) -> torch.Tensor:
    """Return a copy of ``x``; under Inductor, the stored buffer of ``x`` itself."""
    return x.clone()


@materialize.register_fake
def _materialize_fake(x: torch.Tensor) -> torch.Tensor:
    return torch.empty_like(x)


def materialize_overload() -> torch._ops.OpOverload:
    """The OpOverload that graph passes insert and the lowering is registered for."""
    return getattr(getattr(torch.ops, OP_NAMESPACE), OP_NAME).default


def register_inductor_lowering() -> None:
    """Register the Inductor lowering of ``materialize`` (idempotent).

    The lowering stores its input in a buffer of its own: a pointwise expression that Inductor would
    otherwise inline into each consumer is computed once, and every reader of the result loads the
    same stored values.  The input itself is *not* realized in place, so other consumers of it (the
    forward reduction) keep the exact code stock Inductor generates for them.

    The copy is made even when the input is already stored (an extern kernel's output, or a pointwise
    value Inductor chose to realize).  Returning that buffer itself would make the mask's reduction
    ``red(M)`` an exact duplicate of the forward's ``red(X)``; Inductor then fuses the two into one
    kernel with one accumulator and, for bf16 outputs with dynamic shapes, declares the converted
    accumulator twice (a C++ compile error, found by the fuzzer).  A separate buffer keeps the two
    reductions distinct, at the cost of one copy of an already-stored value.
    """
    global _lowering_registered
    if _lowering_registered:
        return
    from torch._inductor.lowering import lowerings, register_lowering

    clone_lowering = lowerings[torch.ops.aten.clone.default]

    @register_lowering(materialize_overload(), type_promotion_kind=None)
    def _lower_materialize(x):
        stored = clone_lowering(x)
        stored.realize()
        return stored

    _lowering_registered = True
    log.debug("registered Inductor lowering for %s::%s", OP_NAMESPACE, OP_NAME)
