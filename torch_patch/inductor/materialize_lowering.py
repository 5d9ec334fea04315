"""The Inductor lowering of ``torch_patch::materialize`` (``torch_patch.graph.materialize``): one stored copy of a
value that two readers must agree on.

Why it exists: the backward of the value-selecting ops (``amin``/``amax``, ``max()``/``min()``/
``median()``, inf-norm, ``scatter_reduce``/``index_reduce`` amax/amin; see ``torch_patch.graph``) compares
the op's result for exact equality with its input values.  Inductor is free to compute those values twice
(once inline in the forward reduction, once recomputed for the mask), and the two computations may
differ by an ulp (scalar ``std::atan2`` vs vectorized Sleef) or by rounding (bf16/fp16 reductions run
on unrounded fp32 intermediates).  Either way the mask misses the extremum and the gradient is lost or
NaN.  Routing the reduction and the mask through one ``materialize`` node makes Inductor store the
values once, in the tensor's own dtype, and makes both readers use that buffer.

Eager semantics are a clone, so a graph containing the op stays runnable everywhere (eager,
``aot_eager``, other backends).  The Inductor lowering is where the work happens: it stores its input
in a buffer (or passes on a buffer that already holds it).  The min-cut partitioner may recompute the
op in the backward where it would recompute ``x`` (``torch_patch.inductor.partitioner_ops`` puts it on the
partitioner's allowlist); the sites whose masks need the forward's copy are tagged ``MUST_SAVE`` or
``MUST_RECOMPUTE`` by the pass, and the tags win.
"""

from __future__ import annotations

import logging

import torch

from torch_patch import compat
from torch_patch.graph.materialize import OP_NAME, OP_NAMESPACE, materialize_overload

log = logging.getLogger(__name__)

_lowering_registered = False


#: Floating dtypes narrower than the float32 that Inductor computes them in.
LOW_PRECISION = (torch.bfloat16, torch.float16)


def keeps_unrounded_values(device: torch.device | None, dtype: torch.dtype) -> bool:
    """Whether a kernel of ``device``'s Inductor backend may read a stored ``dtype`` value back unrounded.

    Inductor computes bf16/fp16 in float32 and rounds at the store.  Triton keeps two values per stored
    element: the rounded one in memory, and the float32 one that a later reader in the same kernel takes
    from the store cache (``CSEProxy.load``), as does a reduction that stays in a register.  A looped bf16
    ``amax`` then reduces the unrounded values while its mask reloads the rounded ones: no element equals
    the maximum, the tie count is 0, the gradient NaN (docs/design.md, "Backends").  The C++ backend
    stores every reduction in its dtype before any loop reads it, and its mask loops reload the buffer:
    the rounding reaches both sides there (read from its kernels; its snapshots show it), so its code is
    left as it is.  Every other backend (Triton for CUDA, or for CPU with ``cpu_backend="triton"``) gets
    the rounding.
    """
    if dtype not in LOW_PRECISION:
        return False
    from torch._inductor import config

    return not (device is not None and device.type == "cpu" and config.cpu_backend == "cpp")


def register_inductor_lowering() -> None:
    """Register the Inductor lowering of ``materialize`` (idempotent).

    The lowering makes every reader of the result load one stored buffer: a pointwise expression that
    Inductor would otherwise inline into each consumer (and recompute differently in each) is computed
    once and stored in its own dtype.  Which buffer, by what the value is in the graph being lowered:

    - computed here: it is stored in place (realized) and returned -- no copy; if the graph keeps it
      anyway (saved for the backward, read by a fallback kernel), that is the same buffer;
    - an input of a backward graph (a value the forward saved): already stored, returned as is;
    - read only by value-selecting ops (the forward of the ``"recompute"`` policy, where ``M`` is neither
      compared nor saved): returned unstored, each op computing it in its own loop, as stock does;
    - a view, or an input of a forward graph: copied, so that what every reader loads does not alias a
      tensor the user holds and may modify in place.
    """
    global _lowering_registered
    if _lowering_registered:
        return
    from torch._inductor import ir
    from torch._inductor.lowering import lowerings, register_lowering

    clone_lowering = lowerings[torch.ops.aten.clone.default]

    def _computed_here(x) -> bool:
        """``x`` is a value this graph computes (not a view, not a graph input): storing it in place is
        storing it once, and its loads are exact.  If another reader needs it stored too (the forward
        saves it for the backward, a fallback reads it), that is the same buffer: no copy is made."""
        data = getattr(x, "data", None)
        return isinstance(data, ir.StorageBox) and not data.is_input_buffer()

    def _backward_input(x) -> bool:
        """``x`` is an input of a backward graph: a value the forward saved (stored, and exact on
        every load), which nothing the user holds can modify; the backward reads it in place."""
        from torch._inductor.virtualized import V

        data = getattr(x, "data", None)
        return bool(getattr(V.graph, "is_backward", False)) and isinstance(data, ir.StorageBox) and data.is_input_buffer()

    def _read_by_selections_only() -> bool:
        """Every reader of this value in the graph being lowered is a value-selecting op (the forward of
        ``"recompute"``: ``R = red(M)``, and ``M`` is neither saved nor compared here).  One reader
        computing ``X`` in its own loop is one computation per reader, which is all such a graph needs:
        storing ``X`` would only add a buffer of its size to the step's peak (and the pass's reduction
        loops keep even a reduction of 3 elements vectorized)."""
        from torch._inductor.virtualized import V

        from torch_patch.graph.ops import selected_positions

        node = V.graph.current_node
        return node is not None and bool(node.users) and all(
            user.op == "call_function" and selected_positions(user) for user in node.users
        )

    @register_lowering(materialize_overload(), type_promotion_kind=None)
    def _lower_materialize(x):
        if _backward_input(x) or _read_by_selections_only():
            return x
        if _computed_here(x):
            if keeps_unrounded_values(x.get_device(), x.get_dtype()):
                return _rounded(x)
            x.realize()
            return x
        # A view or an input of a forward graph: a copy, so that the values every reader loads do not
        # alias a tensor the user holds (and may modify in place).
        stored = clone_lowering(x)
        stored.realize()
        return stored

    def _rounded(x):
        """``x`` rounded to its own dtype in the kernel that computes it, stored there.

        Every reader then sees one value per element, whether the backend hands it the register it
        stored (Triton's store cache) or reloads the buffer: a reduction of it is one of its stored values,
        and a comparison with that reduction is exact in every kernel the scheduler builds.  Where ``x`` is
        not yet stored, it is computed inside the rounding, and the rounded value is stored instead (no
        extra buffer).  Where its lowering already stored it, the rounding is a view that each reader
        inlines: a reload is already rounded, a cached register is rounded by it.
        """
        from torch._inductor.virtualized import ops

        dtype = x.get_dtype()
        load = x.make_loader()

        def rounded_value(index):
            narrow = ops.to_dtype(load(index), dtype, use_compute_types=False)
            return ops.to_dtype(narrow, dtype)

        already_stored = not isinstance(x.data.data, ir.Pointwise)
        out = ir.Pointwise.create(device=x.get_device(), dtype=dtype, inner_fn=rounded_value, ranges=list(x.get_size()))
        if not already_stored:
            out.realize()
        return out

    _lowering_registered = True
    log.debug("registered Inductor lowering for %s::%s", OP_NAMESPACE, OP_NAME)


def missing_internals() -> list[str]:
    """What the lowering needs of this torch: ``register_lowering`` and ``IRNode.is_realized_node`` (torch >= 2.9)."""
    return compat.missing_attributes(
        ("torch._inductor.lowering", "register_lowering"), ("torch._inductor.ir", "IRNode.is_realized_node")
    )


def install() -> bool:
    """The lowering, as one of the fix's Inductor patches (``torch_patch.install.PATCHES``)."""
    register_inductor_lowering()
    return True


def uninstall() -> bool:
    """Remove the lowering: a graph holding the op then compiles it as Inductor's fallback (a clone)."""
    global _lowering_registered
    if not _lowering_registered:
        return False
    from torch._inductor.lowering import lowerings

    lowerings.pop(materialize_overload(), None)
    _lowering_registered = False
    return True


def is_installed() -> bool:
    return _lowering_registered
