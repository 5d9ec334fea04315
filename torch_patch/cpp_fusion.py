"""C++ Inductor fusion of a materialized store into the reduction that reads it (one pass, not two).

Why: after the rewrite (``torch_patch.reduction_pass``) the forward computes ``M = materialize(X)``
and ``R = red(M)``.  Inductor's C++ backend flattens the loops of the pointwise node that stores
``M`` (``(rows, n)`` becomes ``(rows * n,)``), and ``CppScheduling._why_fuse_nodes`` only fuses a
pointwise node into a reduction whose ``vars + reduction vars`` equal the pointwise node's vars.
So the forward would compute and store ``M`` in one loop nest and read it back in a second one: for
a cheap producer over a large tensor that second pass made the forward about twice as slow as stock.
Triton fuses such a pair by element count; the C++ backend already re-derives a flattened node's
loops for *pointwise* pairs of compatible ranges (``_can_fuse_nodes_with_compatible_ranges``).

This module extends that re-derivation to exactly one new pair: a node that stores a
``torch_patch::materialize`` value (node 1, flattened, no reduction) and a reduction (node 2) over
as many elements.  Node 1's loops are recomputed with node 2's indexing ranges; if they then read
``vars2 + reduce2`` the pair fuses as ``COMPATIBLE_REDUCTION`` (the existing reason for a pointwise
producer inside a reduction loop), otherwise node 1's loop state is restored.  Every other pair is
answered by the original method, so graphs without the fix compile exactly as stock.

Numerics: in the fused loop the reduction consumes the value in registers instead of reloading the
stored one.  For bf16/fp16 that register value is unrounded fp32, but rounding to nearest is
monotone, so ``round(max(v)) == max(round(v))`` (and likewise for min; NaN propagates either way):
``R`` is still exactly one of the stored values, which is all the equality mask needs.
"""

from __future__ import annotations

import functools
import logging
import math

from torch_patch.method_patch import MethodPatch

log = logging.getLogger(__name__)

#: ``CppScheduling._why_fuse_nodes``, wrapped while the fix is installed.
_patch = MethodPatch("_why_fuse_nodes")


def missing_internals() -> list[str]:
    """Names of the Inductor internals this fusion relies on that this torch lacks."""
    try:
        from torch._inductor.codegen import cpp
        from torch._inductor import scheduler
    except ImportError as exc:  # pragma: no cover - torch without Inductor
        return [f"torch._inductor ({exc})"]
    missing = [
        f"torch._inductor.codegen.cpp.CppScheduling.{name}"
        for name in ("_why_fuse_nodes", "_snapshot_node_loop_states", "_get_indexing_ranges_exprs")
        if not hasattr(cpp.CppScheduling, name)
    ]
    if not hasattr(getattr(cpp, "ReasonFusedNodes", None), "COMPATIBLE_REDUCTION"):
        missing.append("torch._inductor.codegen.cpp.ReasonFusedNodes.COMPATIBLE_REDUCTION")
    for name in ("recompute_size_and_body", "restore_loop_state"):
        if not hasattr(scheduler.SchedulerNode, name):
            missing.append(f"torch._inductor.scheduler.SchedulerNode.{name}")
    return missing


def _can_fuse_materialized_store_into_reduction(self, node1, node2) -> bool:
    """(A stored materialize value, a reduction over as many elements): re-derive node1's loops with
    node2's ranges; True if they now read ``vars2 + reduce2`` (else node1's loops are restored).

    upstream/make_patch.py copies this body into ``CppScheduling`` in the upstream patch.
    """
    from torch._inductor.scheduler import SchedulerNode

    from torch_patch.materialize_op import materialize_overload

    _, (vars1, reduce1) = node1.group
    _, (vars2, reduce2) = node2.group
    if not (
        reduce1 == ()
        and reduce2 != ()
        and len(vars1) == 1
        and isinstance(node1, SchedulerNode)
        and isinstance(node2, SchedulerNode)
        and any(getattr(origin, "target", None) is materialize_overload() for origin in node1.node.origins)
        and math.prod(vars1) == math.prod(vars2) * math.prod(reduce2)
    ):
        return False
    snapshots = self._snapshot_node_loop_states(node1)
    node1.recompute_size_and_body(extra_indexing_constraints=self._get_indexing_ranges_exprs(node2))
    _, (vars1, _) = node1.group
    if tuple(vars1) == tuple(vars2) + tuple(reduce2):
        return True
    for node, state in reversed(snapshots):
        node.restore_loop_state(state)
    return False


def install() -> bool:
    """Wrap ``CppScheduling._why_fuse_nodes`` (idempotent).  False, changing nothing, if the internals
    it needs are missing: the fix stays correct, only its forward takes two passes."""
    if _patch.installed:
        return True
    missing = missing_internals()
    if missing:
        log.warning(
            "torch_patch: this torch lacks %s; the materialized store is not fused into its reduction "
            "(gradients are still fixed, the forward reads the stored values in a second pass).",
            ", ".join(missing),
        )
        return False
    from torch._inductor.codegen.cpp import CppScheduling, ReasonFusedNodes

    def make_wrapper(original):
        @functools.wraps(original)
        def _why_fuse_nodes(self, node1, node2):
            reason = original(self, node1, node2)
            if reason is None and _can_fuse_materialized_store_into_reduction(self, node1, node2):
                reason = ReasonFusedNodes.COMPATIBLE_REDUCTION
            return reason

        return _why_fuse_nodes

    _patch.install(CppScheduling, make_wrapper)
    return True


def uninstall() -> bool:
    """Restore the original ``CppScheduling._why_fuse_nodes``; False if it was not installed.  Our
    wrapper only ever adds fusions for materialized stores, which exist only in graphs the fix rewrote."""
    return _patch.uninstall()


def is_installed() -> bool:
    return _patch.installed
