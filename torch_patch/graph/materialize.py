"""The ``torch_patch::materialize`` operator: one stored copy of a value that two readers must agree on.

Eager semantics are a clone, so a graph containing the op stays runnable everywhere (eager, ``aot_eager``,
other backends).  What makes it a stored copy is its Inductor lowering, an Inductor patch
(``torch_patch.inductor.materialize_lowering``, which says why the copy exists).
"""

from __future__ import annotations

import torch

OP_NAMESPACE = "torch_patch"
OP_NAME = "materialize"


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
