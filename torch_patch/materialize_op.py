"""The ``torch_patch::materialize`` operator: one stored copy of a value that two readers must agree on.

Why it exists: the backward of the value-selecting ops (``amin``/``amax``, ``max()``/``min()``/
``median()``, inf-norm, ``scatter_reduce``/``index_reduce`` amax/amin; see ``reduction_pass``) compares
the op's result for exact equality with its input values.  Inductor is free to compute those values twice
(once inline in the forward reduction, once recomputed for the mask), and the two computations may
differ by an ulp (scalar ``std::atan2`` vs vectorized Sleef) or by rounding (bf16/fp16 reductions run
on unrounded fp32 intermediates).  Either way the mask misses the extremum and the gradient is lost or
NaN.  Routing the reduction and the mask through one ``materialize`` node makes Inductor store the
values once, in the tensor's own dtype, and makes both readers use that buffer.

Eager semantics are a clone, so a graph containing the op stays runnable everywhere (eager,
``aot_eager``, other backends).  The Inductor lowering is where the work happens: it stores its input
in a buffer (or passes on a buffer that already holds it).  Partitioners treat the op as
non-recomputable (it is not a built-in ATen op), so the min-cut keeps it on the forward side and never
re-derives it in backward.
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

    The lowering returns a stored buffer: a pointwise expression that Inductor would otherwise inline
    into each consumer (and recompute in the backward) is computed once and stored in its own dtype,
    and every reader of the result -- the reduction and its equality masks -- loads the same values.
    An input that is already stored (an extern kernel's output, a reduction, a buffer Inductor chose
    to realize) and read by nothing else is returned as it is: its loads are exact already, and a
    copy would cost a write and a read of the whole tensor.  Views, graph inputs and buffers with other
    readers are copied, so the saved values never alias a tensor the user could modify in place.  The
    input is never realized in place, so its other consumers keep the code stock Inductor generates.
    """
    global _lowering_registered
    if _lowering_registered:
        return
    from torch._inductor import ir
    from torch._inductor.lowering import lowerings, register_lowering

    clone_lowering = lowerings[torch.ops.aten.clone.default]

    def _stored_privately(x) -> bool:
        """``x`` is a buffer already (not a view, not a graph input) that nothing but materialize
        reads: sharing it cannot alias a tensor the user sees or that another op could write."""
        from torch._inductor.virtualized import V

        data = getattr(x, "data", None)
        node = V.graph.current_node
        return (
            isinstance(data, ir.StorageBox)
            and ir.IRNode.is_realized_node(data.data)
            and not data.is_input_buffer()
            and node is not None
            and isinstance(node.args[0], torch.fx.Node)
            and all(user.target is node.target for user in node.args[0].users)
        )

    @register_lowering(materialize_overload(), type_promotion_kind=None)
    def _lower_materialize(x):
        if _stored_privately(x):
            return x
        stored = clone_lowering(x)
        stored.realize()
        return stored

    _lowering_registered = True
    log.debug("registered Inductor lowering for %s::%s", OP_NAMESPACE, OP_NAME)
