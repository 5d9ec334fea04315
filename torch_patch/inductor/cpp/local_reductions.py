"""Keep the per-row results of the fix's reductions (``R'``, its tie count) in registers-sized local buffers.

Why: on short rows the fix's backward is one C++ kernel per row loop (``torch_patch.graph.loop_marks``
keeps its reductions as loops, ``torch_patch.inductor.cpp.fusion`` and Inductor's outer-loop fusion put them in one
kernel): recompute ``M'`` into a one-row local buffer, reduce it to ``R'``, count the ties, write the
gradient.  Inductor's outer-loop fusion makes only *pointwise* results local
(``try_outer_loop_fusion_with_local_buf`` skips reductions), so ``R'`` and the count are still global
buffers of one value per row, written and read back inside the same kernel.  Stock compile unrolls a
reduction of fewer than 8 elements into a pointwise expression and never stores them, so on rows of 3
those 8 bytes per row were the whole excess of the step's peak over stock's (``atan2(x, y).amin(-1)`` at
1398101x3 fp32: 33.6 MB against 28.0 MB).

What: while the C++ backend generates an outer-loop fused kernel, each reduction kept a loop
(``loop_marks.stays_loop``) whose per-row output is read only inside that kernel, at the row being
computed, becomes a local buffer of one element.  Its global buffer is then removed from the graph
(no allocation, no kernel argument), as Inductor does for the pointwise buffers it localizes.

When not: a reduction that is not the fix's (stock graphs compile exactly as before), an output read
outside the kernel or at another row, a non-contiguous output, and a kernel whose outer loops are not
plain scalar loops (a vectorized or tiled outer loop would store several rows at once).  In the last
case Inductor's own fallback regenerates the kernel without any local buffer and restores the buffers.

Values are unchanged: the same reduction is stored to and read from a different address.
"""

from __future__ import annotations

import functools
import logging

import sympy
import torch.fx

from torch_patch.inductor.method_patch import MethodPatch
from torch_patch.graph.loop_marks import stays_loop

log = logging.getLogger(__name__)

#: ``CppScheduling.codegen_outer_loop_node``, wrapped while the fix is installed.
_patch = MethodPatch("codegen_outer_loop_node")

#: Name prefix of the local buffers added here (Inductor's own are ``local_buffer_data_<i>``).
LOCAL_PREFIX = "local_reduction_data"


def missing_internals() -> list[str]:
    """Names of the Inductor internals this module relies on that this torch lacks."""
    try:
        from torch._inductor import loop_body
        from torch._inductor.codegen import cpp, cpp_utils
    except ImportError as exc:  # pragma: no cover - torch without Inductor
        return [f"torch._inductor ({exc})"]
    wanted = [
        (cpp.CppScheduling, "codegen_outer_loop_node"),
        (getattr(cpp, "OuterLoopFusedSchedulerNode", None), "check_outer_fusion_loop_level_attr"),
        (getattr(cpp_utils, "LocalBufferContext", None), "add_local_buffer"),
        (getattr(loop_body, "LoopBody", None), "get_read_expr"),
        (getattr(loop_body, "LoopBody", None), "get_write_expr"),
    ]
    missing = [f"{getattr(owner, '__name__', owner)}.{name}" for owner, name in wanted if not hasattr(owner, name)]
    if not hasattr(cpp, "LocalBufferContext"):
        missing.append("torch._inductor.codegen.cpp.LocalBufferContext")
    return missing


def kept_as_loop(snode) -> bool:
    """Whether the scheduler node computes a reduction kept as a loop (``stays_loop``: a max/min of the fix's
    copy or a count of its ties), read from the FX node it lowers (a reduction buffer's origins name it)."""
    return any(isinstance(origin, torch.fx.Node) and stays_loop(origin) for origin in snode.node.origins)


def _row_index(body, depth: int):
    """The contiguous index of a loop body's first ``depth`` variables (the fused outer loops), and their
    ranges."""
    outer = list(body.var_ranges.items())[:depth]
    index, stride = sympy.S.Zero, sympy.S.One
    for var, size in reversed(outer):
        index += stride * var
        stride *= size
    return index, [size for _, size in outer]


def localizable_outputs(outer_node) -> list:
    """The global buffers of ``outer_node`` (an ``OuterLoopFusedSchedulerNode``) that can be one-element
    local buffers: outputs of reductions kept as loops, over all but the outer loops, read only in this kernel at
    the row that wrote them.

    upstream/make_patch.py copies this function and the two above into the C++ backend in the upstream
    patch.
    """
    from torch._inductor.scheduler import SchedulerNode

    depth = outer_node.outer_loop_fusion_depth
    nodes = outer_node.get_nodes()
    found = []
    for snode in nodes:
        if not (
            isinstance(snode, SchedulerNode)
            and snode.is_reduction()
            and len(snode.get_outputs()) == 1
            and kept_as_loop(snode)
        ):
            continue
        _, (group, _) = snode.group
        buf = snode.get_outputs()[0]
        if len(group) != depth or not buf.node.get_layout().is_contiguous():
            continue
        row, ranges = _row_index(snode._body, depth)
        if snode._body.get_write_expr(buf.get_name()) != row:
            continue
        readers = [user.node for user in buf.users]
        if readers and all(
            isinstance(reader, SchedulerNode)
            and any(reader is n for n in nodes)
            and _row_index(reader._body, depth)
            == (reader._body.get_read_expr(buf.get_name()), ranges)
            for reader in readers
        ):
            found.append(buf.node)
    return found


def add_local_reduction_buffers(scope, buffers) -> None:
    """Add each of ``buffers`` to the kernel's ``LocalBufferContext`` ``scope`` as a one-element local
    buffer: one scalar per row, allocated once per thread by the kernel.

    upstream/make_patch.py copies this function into the C++ backend in the upstream patch.
    """
    from torch._inductor import ir

    for i, buf in enumerate(buffers):
        layout = buf.get_layout()
        local = ir.Buffer(
            name=f"{LOCAL_PREFIX}_{i}",
            layout=ir.FixedLayout(layout.device, layout.dtype, [], []),
        )
        scope.add_local_buffer(local, [buf])


def _outer_loops_are_scalar(proxies, depth: int) -> bool:
    """True if every kernel runs its ``depth`` outer loops one row at a time (no vector or tile step)."""
    for proxy in proxies:
        loops = getattr(getattr(proxy, "loop_nest", None), "loops", None)
        if loops is None or len(loops) < depth:
            return False
        if any(level.steps != 1 for level in loops[:depth]):
            return False
    return True


def install() -> bool:
    """Wrap ``CppScheduling.codegen_outer_loop_node`` (idempotent).  False, changing nothing, if the
    internals it needs are missing: the fix stays correct, the per-row results stay global buffers."""
    if _patch.installed:
        return True
    missing = missing_internals()
    if missing:
        log.warning(
            "torch_patch: this torch lacks %s; the fix's per-row reduction results stay global buffers "
            "(gradients are still fixed; the backward keeps one value per row more than stock).",
            ", ".join(missing),
        )
        return False
    from torch._inductor.codegen import cpp

    def make_wrapper(original):
        @functools.wraps(original)
        def codegen_outer_loop_node(self, node):
            buffers = localizable_outputs(node)
            if not buffers:
                return original(self, node)
            base = cpp.LocalBufferContext
            added = []

            class _WithLocalReductions(base):
                def __enter__(ctx):
                    scope = super().__enter__()
                    if not added:  # the first context: the outer-loop fusion's own
                        add_local_reduction_buffers(scope, buffers)
                        added.extend(buf.get_name() for buf in buffers)
                    return scope

            check = node.check_outer_fusion_loop_level_attr
            kept_local = True  # False once Inductor regenerates the kernel without local buffers

            def check_outer_fusion_loop_level_attr(proxies, depth):
                nonlocal kept_local
                ok = check(proxies, depth) and (not added or _outer_loops_are_scalar(proxies, depth))
                kept_local = kept_local and (ok or not added)
                return ok

            cpp.LocalBufferContext = _WithLocalReductions
            node.check_outer_fusion_loop_level_attr = check_outer_fusion_loop_level_attr
            try:
                return original(self, node)
            finally:
                cpp.LocalBufferContext = base
                del node.check_outer_fusion_loop_level_attr
                log.debug(
                    "torch_patch: per-row results %s %s",
                    added,
                    "kept local" if kept_local else "stay global (kernel regenerated without local buffers)",
                )

        return codegen_outer_loop_node

    _patch.install(cpp.CppScheduling, make_wrapper)
    return True


def uninstall() -> bool:
    """Restore ``CppScheduling.codegen_outer_loop_node``; False if it was not installed."""
    return _patch.uninstall()


def is_installed() -> bool:
    return _patch.installed
