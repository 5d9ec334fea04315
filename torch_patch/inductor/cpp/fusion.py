"""C++ Inductor fusion of a materialized store into the reduction that reads it (one pass, not two).

Why: after the rewrite (``torch_patch.graph``) the forward computes ``M = materialize(X)``
and ``R = red(M)``.  Inductor's C++ backend flattens the loops of the pointwise node that stores
``M`` (``(rows, n)`` becomes ``(rows * n,)``), and ``CppScheduling._why_fuse_nodes`` only fuses a
pointwise node into a reduction whose ``vars + reduction vars`` equal the pointwise node's vars.
So the forward would compute and store ``M`` in one loop nest and read it back in a second one: for
a cheap producer over a large tensor that second pass made the forward about twice as slow as stock.
Triton fuses such a pair by element count; the C++ backend already re-derives a flattened node's
loops for *pointwise* pairs of compatible ranges (``_can_fuse_nodes_with_compatible_ranges``).

This module extends that re-derivation to exactly one new pair: a pointwise node (node 1, flattened, no
reduction) and a reduction (node 2) over as many elements that reads node 1's buffer and that the fix keeps a loop
(a max/min of its ``torch_patch::materialize`` copy, or a count of its ties: ``local_reductions.kept_as_loop``), so
node 1 stores the copy.  The pair is found by what the nodes compute and read, not by a buffer's ``origins``
naming the copy (the lowering no longer edits them).  Node 1's loops are recomputed with node 2's indexing
ranges; if they then read ``vars2 + reduce2`` the pair fuses as ``COMPATIBLE_REDUCTION`` (the existing reason for a pointwise
producer inside a reduction loop), otherwise node 1's loop state is restored.  Every other pair is
answered by the original method, so graphs without the fix compile exactly as stock.

Older torch: 2.9 to 2.12 lack the loop-state helpers this rule calls (``CppScheduling.
_snapshot_node_loop_states``/``_get_indexing_ranges_exprs``, ``SchedulerNode.restore_loop_state``, all new
in 2.13); ``_snapshot_loop_state``, ``_indexing_ranges_exprs`` and ``_restore_loop_state`` stand in for
them there.  Before 2.12, re-deriving a node's loops also drops its fake (weak/star) deps, so a node that
has some is not re-derived (its store stays a second pass).

Numerics: in the fused loop the reduction consumes the value in registers instead of reloading the
stored one.  For bf16/fp16 that register value is unrounded fp32, but rounding to nearest is
monotone, so ``round(max(v)) == max(round(v))`` (and likewise for min; NaN propagates either way):
``R`` is still exactly one of the stored values, which is all the equality mask needs.
"""

from __future__ import annotations

import functools
import logging
import math

from torch_patch.compat import torch_version_tuple
from torch_patch.inductor.method_patch import MethodPatch

log = logging.getLogger(__name__)

#: ``CppScheduling._why_fuse_nodes``, wrapped while the fix is installed.
_patch = MethodPatch("_why_fuse_nodes")


#: The first torch minor version whose ``recompute_size_and_body`` keeps a node's fake (weak/star) deps.
FAKE_DEPS_KEPT_SINCE = (2, 12)


def missing_internals() -> list[str]:
    """Names of the Inductor internals this fusion relies on that this torch lacks."""
    try:
        from torch._inductor.codegen import cpp
        from torch._inductor import ir, scheduler
    except ImportError as exc:  # pragma: no cover - torch without Inductor
        return [f"torch._inductor ({exc})"]
    missing = []
    if not hasattr(cpp.CppScheduling, "_why_fuse_nodes"):
        missing.append("torch._inductor.codegen.cpp.CppScheduling._why_fuse_nodes")
    if not hasattr(getattr(cpp, "ReasonFusedNodes", None), "COMPATIBLE_REDUCTION"):
        missing.append("torch._inductor.codegen.cpp.ReasonFusedNodes.COMPATIBLE_REDUCTION")
    if not hasattr(scheduler.SchedulerNode, "recompute_size_and_body"):
        missing.append("torch._inductor.scheduler.SchedulerNode.recompute_size_and_body")
    if not _has_loop_state_api():  # the shims below need these instead
        if not hasattr(ir.ComputedBuffer, "get_default_sizes_body"):
            missing.append("torch._inductor.ir.ComputedBuffer.get_default_sizes_body")
        if not hasattr(getattr(scheduler.SchedulerNode, "pointwise_read_writes", None), "clear_cache"):
            missing.append("torch._inductor.scheduler.SchedulerNode.pointwise_read_writes")
    return missing


def _has_loop_state_api() -> bool:
    from torch._inductor.codegen.cpp import CppScheduling
    from torch._inductor.scheduler import SchedulerNode

    return all(
        hasattr(CppScheduling, name) for name in ("_snapshot_node_loop_states", "_get_indexing_ranges_exprs")
    ) and hasattr(SchedulerNode, "restore_loop_state")


def _snapshot_loop_state(scheduling, node) -> list:
    """``CppScheduling._snapshot_node_loop_states(node)`` for one ``SchedulerNode``, with a shim for torch
    2.9 to 2.12, which lack it (and ``SchedulerNode.snapshot_loop_state``): the attributes that
    ``SchedulerNode.recompute_size_and_body`` reassigns there (``_compute_attrs``: loop body, sizes, group,
    and ``set_read_writes``: reads/writes and unmet dependencies), kept by reference."""
    if hasattr(scheduling, "_snapshot_node_loop_states"):
        return scheduling._snapshot_node_loop_states(node)
    return [(node, (node._body, node._sizes, node.group, node.read_writes, node.unmet_dependencies))]


def _restore_loop_state(node, state) -> None:
    """``node.restore_loop_state(state)``, with a shim for torch 2.9 to 2.12, which lack it: put back the
    attributes ``_snapshot_loop_state`` kept and drop the node's cached pointwise reads (as torch's own
    method does)."""
    if hasattr(node, "restore_loop_state"):
        node.restore_loop_state(state)
    else:
        node._body, node._sizes, node.group, node.read_writes, node.unmet_dependencies = state
        node.pointwise_read_writes.clear_cache(node)


def _indexing_ranges_exprs(scheduling, node):
    """``CppScheduling._get_indexing_ranges_exprs(node)`` for one ``SchedulerNode``; shim for torch 2.9
    to 2.12, where it is a local function of ``CppScheduling.fuse``: the variable ranges and indexing
    expressions of the node's default loop body."""
    if hasattr(scheduling, "_get_indexing_ranges_exprs"):
        return scheduling._get_indexing_ranges_exprs(node)
    _, body, _ = node.node.get_default_sizes_body()
    return body.var_ranges, list(body.indexing_exprs.values())


def _has_fake_deps(node) -> bool:
    from torch._inductor.dependencies import StarDep, WeakDep

    return any(isinstance(dep, (WeakDep, StarDep)) for dep in node.read_writes.reads)


def _reads_output_of(node2, node1) -> bool:
    """Whether scheduler node ``node2`` reads a buffer that ``node1`` writes."""
    written = {buf.get_name() for buf in node1.get_outputs()}
    return any(dep.name in written for dep in node2.read_writes.reads)


def _can_fuse_materialized_store_into_reduction(self, node1, node2) -> bool:
    """(A pointwise store, a reduction kept as a loop that reads it over as many elements): re-derive node1's loops
    with node2's ranges; True if they now read ``vars2 + reduce2`` (else node1's loops are restored).

    The pair is found by what the nodes compute, not by where a buffer came from: node2 reads a buffer node1
    writes, and node2 is a max/min of the fix's copy or a count of its ties (``kept_as_loop``, the rule that keeps it
    a loop), so node1 is the store of the copy.

    upstream/make_patch.py copies this body into ``CppScheduling`` in the upstream patch (with the
    shims' calls written as torch's own methods).
    """
    from torch._inductor.scheduler import SchedulerNode

    from torch_patch.inductor.cpp.local_reductions import kept_as_loop

    _, (vars1, reduce1) = node1.group
    _, (vars2, reduce2) = node2.group
    if not (
        reduce1 == ()
        and reduce2 != ()
        and len(vars1) == 1
        and isinstance(node1, SchedulerNode)
        and isinstance(node2, SchedulerNode)
        and math.prod(vars1) == math.prod(vars2) * math.prod(reduce2)
        and _reads_output_of(node2, node1)
        and kept_as_loop(node2)
    ):
        return False
    snapshots = _snapshot_loop_state(self, node1)
    node1.recompute_size_and_body(extra_indexing_constraints=_indexing_ranges_exprs(self, node2))
    _, (vars1, _) = node1.group
    if tuple(vars1) == tuple(vars2) + tuple(reduce2):
        return True
    for node, state in reversed(snapshots):
        _restore_loop_state(node, state)
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

    # torch < 2.12 re-derives a node's loops without its fake (weak/star) deps: leave such nodes alone.
    drops_fake_deps = torch_version_tuple() < FAKE_DEPS_KEPT_SINCE

    def make_wrapper(original):
        @functools.wraps(original)
        def _why_fuse_nodes(self, node1, node2):
            reason = original(self, node1, node2)
            if (
                reason is None
                and not (drops_fake_deps and _has_fake_deps(node1))  # torch < 2.12 would drop them
                and _can_fuse_materialized_store_into_reduction(self, node1, node2)
            ):
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
