"""Keep the reductions that read a stored copy as loops, so the copy can live in a per-row local buffer.

Why: Inductor lowers a reduction over fewer than ``config.unroll_reductions_threshold`` (8) elements as a
pointwise expression that loads each element (``min(x[r, 0], ..., x[r, 6])``).  After the rewrite
(``torch_patch.reduction_pass``) such a reduction reads ``M = materialize(X)``, and so do the masks and
tie counts built from it.  Unrolled, every one of them is a separate loop nest over the rows, so ``M``
must be a full buffer: under the default ``"recompute"`` policy the forward and the backward each
allocate a tensor of ``X``'s size that stock compile never allocates (a higher peak; measured on
``atan2(x, y).amin(-1)`` at 599186x7: 40 MB against stock's 26 MB per step).  As loops, the store of ``M``
fuses into ``R = red(M)`` (``torch_patch.cpp_fusion``) and the C++ backend's outer-loop fusion keeps
``M`` in a buffer of one row (``local_buffer_data``), as it already does for rows of 8 or more.

What is marked (by the pass, ``mark``): the selecting reduction of a rewritten site and the reductions
of its comparisons (a tie count ``mask.sum(dim)``, reached from the comparison through casts and
arithmetic).  Their values do not depend on the order of evaluation (max/min select, and a count of
booleans is exact), so the loop computes what the unrolled expression computes.  Every other reduction,
and every graph the pass did not rewrite, keeps stock's unrolling.

How: while the fix is installed, ``GraphLowering.run_node`` lowers a marked node under
``config.patch(unroll_reductions_threshold=1)``, as Inductor's own lowerings patch it for theirs.
"""

from __future__ import annotations

import collections
import functools
import logging

import torch
import torch.fx

from torch_patch.method_patch import MethodPatch

log = logging.getLogger(__name__)

#: The FX node meta key of a reduction to keep as a loop (copied by the partitioner into the forward and
#: backward graphs with the rest of the node's meta).
META_KEY = "torch_patch_reduction_loop"

aten = torch.ops.aten

#: Reductions whose value is independent of evaluation order when they select (max/min) or count.
_REDUCTIONS = frozenset(
    {
        aten.amax.default,
        aten.amin.default,
        aten.max.default,
        aten.min.default,
        aten.max.dim,
        aten.min.dim,
        aten.sum.default,
        aten.sum.dim_IntList,
    }
)
#: What a comparison reaches its count through: casts, selects and arithmetic on the mask.
_ELEMENTWISE = frozenset(
    {
        torch.ops.prims.convert_element_type.default,
        aten._to_copy.default,
        aten.where.self,
        aten.mul.Tensor,
        aten.bitwise_or.Tensor,
        aten.bitwise_and.Tensor,
        aten.logical_or.default,
        aten.logical_and.default,
        aten.view.default,
        aten.unsqueeze.default,
        aten.expand.default,
    }
)

_patch = MethodPatch("run_node")


def mark(selection: torch.fx.Node, comparisons: list[torch.fx.Node]) -> None:
    """Mark ``selection`` and the count reductions fed by ``comparisons`` (within a few elementwise steps)."""
    if selection.target in _REDUCTIONS:
        selection.meta[META_KEY] = True
    seen: set[torch.fx.Node] = set()
    frontier = collections.deque((cmp, 0) for cmp in comparisons)
    while frontier:
        node, depth = frontier.popleft()
        for user in node.users:
            if user in seen or user.op != "call_function":
                continue
            seen.add(user)
            target = getattr(user, "target", None)
            if target in (aten.sum.default, aten.sum.dim_IntList):
                user.meta[META_KEY] = True
            elif target in _ELEMENTWISE and depth < 3:
                frontier.append((user, depth + 1))


def install() -> bool:
    """Wrap ``GraphLowering.run_node`` (idempotent)."""
    if _patch.installed:
        return True
    from torch._inductor.graph import GraphLowering

    def make_wrapper(original):
        @functools.wraps(original)
        def run_node(self, n):
            if n.meta.get(META_KEY):
                from torch._inductor import config

                with config.patch(unroll_reductions_threshold=1):
                    return original(self, n)
            return original(self, n)

        return run_node

    _patch.install(GraphLowering, make_wrapper)
    return True


def uninstall() -> bool:
    """Restore ``GraphLowering.run_node``; False if it was not installed."""
    return _patch.uninstall()


def is_installed() -> bool:
    return _patch.installed
