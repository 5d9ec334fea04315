"""Lower the reductions that read the fix's copy (``torch_patch.graph.loop_marks.stays_loop``) as loops: an Inductor patch.

Why: ``torch_patch.graph.loop_marks`` (a reduction of fewer than ``config.unroll_reductions_threshold``
elements is otherwise lowered unrolled, and its stored copy can then not live in a per-row local buffer).
How: while the fix is installed, ``GraphLowering.run_node`` lowers a node for which ``stays_loop`` holds (read from
the graph, so the FX graph cache key sees it) under
``config.patch(unroll_reductions_threshold=1)``, as Inductor's own lowerings patch it for theirs.
"""

from __future__ import annotations

import functools

from torch_patch import compat
from torch_patch.graph.loop_marks import stays_loop
from torch_patch.inductor.method_patch import MethodPatch

_patch = MethodPatch("run_node")


def missing_internals() -> list[str]:
    """What the patch wraps: ``GraphLowering.run_node``."""
    return compat.missing_attributes(("torch._inductor.graph", "GraphLowering.run_node"))


def install() -> bool:
    """Wrap ``GraphLowering.run_node`` (idempotent)."""
    if _patch.installed:
        return True
    from torch._inductor.graph import GraphLowering

    def make_wrapper(original):
        @functools.wraps(original)
        def run_node(self, n):
            if stays_loop(n):
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
