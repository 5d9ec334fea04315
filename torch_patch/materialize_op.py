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

    The lowering realizes its input: a pointwise expression that Inductor would otherwise inline into
    every consumer becomes a stored buffer, and all consumers load the same stored values.  Nothing is
    copied: the returned IR node is the input's own (now realized) buffer.
    """
    global _lowering_registered
    if _lowering_registered:
        return
    from torch._inductor.lowering import register_lowering

    @register_lowering(materialize_overload(), type_promotion_kind=None)
    def _lower_materialize(x):
        x.realize()
        return x

    _lowering_registered = True
    log.debug("registered Inductor lowering for %s::%s", OP_NAMESPACE, OP_NAME)
