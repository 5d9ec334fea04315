"""Keep the reductions that read a stored copy as loops, so the copy can live in a per-row local buffer.

Why: Inductor lowers a reduction over fewer than ``config.unroll_reductions_threshold`` (8) elements as a
pointwise expression that loads each element (``min(x[r, 0], ..., x[r, 6])``).  After the rewrite
(``torch_patch.graph``) such a reduction reads ``M = materialize(X)``, and so do the masks and
tie counts built from it.  Unrolled, every one of them is a separate loop nest over the rows, so ``M``
must be a full buffer: under the default ``"recompute"`` policy the forward and the backward each
allocate a tensor of ``X``'s size that stock compile never allocates (a higher peak; measured on
``atan2(x, y).amin(-1)`` at 599186x7: 40 MB against stock's 26 MB per step).  As loops, the store of ``M``
fuses into ``R = red(M)`` (``torch_patch.inductor.cpp.fusion``) and the C++ backend's outer-loop fusion keeps
``M`` in a buffer of one row (``local_buffer_data``), as it already does for rows of 8 or more.

What stays a loop (``stays_loop``): a max/min reduction of a copy (``M``, or a view of it: a chunk of a sweep,
``split_sweep``) and a count of booleans (``sum``) built from an exact comparison with a copy (a tie count
``mask.sum(dim)``, reached from the comparison through casts and logical ops), and the reduction of such a
reduction's chunks.  Their values do not depend on the order of evaluation (max/min select, and a count of
booleans is exact), so the loop computes what the unrolled expression computes.  Every other reduction, and
every graph the pass did not rewrite, keeps stock's unrolling.

How: ``torch_patch.inductor.reduction_loops`` lowers a node for which ``stays_loop`` holds under
``config.patch(unroll_reductions_threshold=1)``, as Inductor's own lowerings patch it for theirs.  The rule reads
the graph alone (ops and dtypes), not a mark in ``node.meta``: Inductor's FX graph cache keys a graph by its
code, and the meta of its nodes is not part of that key, so a decision read from meta could be served from the
cache for a graph that decides otherwise.

A tie count kept as a loop is counted in float32 (``narrow_count``).  Its per-row result is a buffer of the
kernel (the outer-loop fusion keeps only pointwise buffers local, not reduction outputs) that lives next
to the gradients; unrolled, stock never stored it.  As int64 it cost 8 B per row, twice the fp32 extremum
beside it (step peak of ``atan2(x, y).amin(-1)`` at 1398101x3: 1.40x stock's; 1.20x as a 4-byte count).
Float32, not int32: both hold 4 B, but the C++ backend's int32 count (mask lanes converted to int32) made
that step 1.5x slower than the int64 one, the float32 count (a masked add of 1.0) 0.8x (docs/benchmarks.md).
"""

from __future__ import annotations

import collections
import logging
import math

import torch
import torch.fx

from torch_patch.graph.materialize import materialize_overload
from torch_patch.graph.ops import COMPARISON_OPS, VIEW_OPS, through

log = logging.getLogger(__name__)

aten = torch.ops.aten
prims = torch.ops.prims

#: A count of at most this many booleans per row is exact in float32 (every partial sum is an integer
#: below 2**24, so the order of summation does not matter either).
FLOAT32_COUNT_LIMIT = 2**24

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


#: The counts among ``_REDUCTIONS``.
_SUMS = frozenset({aten.sum.default, aten.sum.dim_IntList})
#: How many elementwise steps a count may be from its comparison (one more for the view of a chunked count).
_COUNT_DEPTH = 4


def stays_loop(node: torch.fx.Node) -> bool:
    """Whether Inductor keeps ``node`` a loop below ``unroll_reductions_threshold``: a max/min reduction of a copy
    (through views), a count of booleans built from an exact comparison with a copy, or a reduction of such a
    reduction (the chunks of a sweep).  Decided from the graph alone, so the FX graph cache key sees it."""
    if node.op != "call_function" or node.target not in _REDUCTIONS or not isinstance(node.args[0], torch.fx.Node):
        return False
    source = node.args[0]
    if stays_loop(source):
        return True
    if node.target in _SUMS:
        val = source.meta.get("val")
        return isinstance(val, torch.Tensor) and val.dtype == torch.bool and _compares_with_copy(source)
    return _is_copy(through(source, VIEW_OPS))


def _is_copy(node: object) -> bool:
    return isinstance(node, torch.fx.Node) and (
        node.op == "call_function" and node.target is materialize_overload()
    )


def _compares_with_copy(source: torch.fx.Node) -> bool:
    """Whether ``source`` is, within ``_COUNT_DEPTH`` elementwise steps, an exact comparison that reads a copy."""
    frontier = [(source, 0)]
    while frontier:
        node, depth = frontier.pop()
        if node.op != "call_function":
            continue
        if node.target in COMPARISON_OPS and any(_is_copy(arg) for arg in node.args):
            return True
        if node.target in _ELEMENTWISE and depth < _COUNT_DEPTH:
            frontier.extend((arg, depth + 1) for arg in node.all_input_nodes)
    return False


def rewrite_counts_and_sweeps(selection: torch.fx.Node, comparisons: list[torch.fx.Node]) -> None:
    """Count the ties of ``comparisons`` in float32 (``narrow_count``) and reduce a long outer-dim sweep of
    ``selection`` and of its counts in chunks (``split_sweep``); the counts are found within a few elementwise
    steps of the comparisons."""
    chunk, swept = sweep_chunk(selection), _swept_dim(selection)
    if chunk:
        split_sweep(selection, chunk)
    seen: set[torch.fx.Node] = set()
    frontier = collections.deque((cmp, 0) for cmp in comparisons)
    while frontier:
        node, depth = frontier.popleft()
        for user in list(node.users):  # narrow_count replaces users
            if user in seen or user.op != "call_function":
                continue
            seen.add(user)
            target = getattr(user, "target", None)
            if target in _SUMS:
                count = narrow_count(user) or user
                if chunk and _swept_dim(count) == swept:
                    split_sweep(count, chunk)
            elif target in _ELEMENTWISE and depth < 3:
                frontier.append((user, depth + 1))


#: A sweep over a dim whose consecutive elements lie at least this many bytes apart touches a new page per
#: element: a reduction over such a dim is chunked (``sweep_chunk``).
SWEEP_STRIDE_BYTES = 4096
#: Chunk only sweeps over at least this many elements (the chunks are 64 to 256 long: at least 4 of them).
SWEEP_MIN_LENGTH = 1024
#: The chunk length: the largest divisor of the swept length within these bounds.
SWEEP_CHUNK_RANGE = (64, 256)


def _swept_dim(node: torch.fx.Node) -> tuple[tuple[int, ...], int] | None:
    """(static shape of the reduced tensor, reduced dim) of a contiguous one-dim ``amin``/``amax``/``sum``, or None."""
    if node.target not in (aten.amin.default, aten.amax.default, aten.sum.dim_IntList):
        return None
    source = node.args[0]
    dims = node.args[1] if len(node.args) > 1 else node.kwargs.get("dim")
    val = source.meta.get("val") if isinstance(source, torch.fx.Node) else None
    if not isinstance(val, torch.Tensor) or not isinstance(dims, (list, tuple)) or len(dims) != 1 or val.dim() == 0:
        return None
    shape = tuple(val.shape)
    if not all(isinstance(size, int) for size in shape) or not val.is_contiguous():
        return None
    return shape, dims[0] % len(shape)


def sweep_chunk(selection: torch.fx.Node) -> int | None:
    """The chunk length to split ``selection``'s sweep into, or None to keep it whole.

    Why: where the fix recomputes ``R' = red(M')`` in the backward, a reduction over an outer dim (the
    ``amin(dim=1)`` of a Chamfer loss) is a sweep the stock backward does not make: Inductor's C++ loop takes
    one vector of columns down all rows, one page per row, and then the tie count sweeps the same pages again.
    Over 4096 rows of 16 KB that made the fp32 Chamfer step (2x4096x4096) 1.11x stock's.  Reduced in chunks
    (``red(red(M.view(..., n // k, k, ...), d + 1), d)``: the min of mins, the sum of exact integer counts,
    the same values in any order) each sweep stays within a chunk of rows and the step read 0.98x
    (docs/benchmarks.md).  Only a sweep of ``SWEEP_MIN_LENGTH`` or more elements that lie
    ``SWEEP_STRIDE_BYTES`` or more apart is chunked; the chunk is the largest divisor of its length in
    ``SWEEP_CHUNK_RANGE`` (a partial result of ``1/k`` of ``M``'s size: at most 1/64).
    """
    swept = _swept_dim(selection)
    if swept is None or selection.target is aten.sum.dim_IntList:
        return None
    shape, dim = swept
    length, stride_bytes = shape[dim], math.prod(shape[dim + 1 :]) * selection.args[0].meta["val"].element_size()
    if length < SWEEP_MIN_LENGTH or stride_bytes < SWEEP_STRIDE_BYTES:
        return None
    low, high = SWEEP_CHUNK_RANGE
    return next((k for k in range(high, low - 1, -1) if length % k == 0), None)


def split_sweep(node: torch.fx.Node, chunk: int) -> None:
    """Rewrite the one-dim reduction ``node`` (``_swept_dim``) as a reduction of chunks, then of their results.

    ``node`` stays the final reduction (its users and meta are kept); the view and the per-chunk
    reduction before it take its partitioner tags (a recomputed ``R`` is recomputed whole, never read from a
    saved partial of another computation of ``M``); both stay loops (``stays_loop``) as ``node`` did.
    """
    shape, dim = _swept_dim(node)
    source = node.args[0]
    keepdim = node.args[2] if len(node.args) > 2 else node.kwargs.get("keepdim", False)
    dtype = {"dtype": node.kwargs["dtype"]} if "dtype" in node.kwargs else {}
    split_shape = [*shape[:dim], shape[dim] // chunk, chunk, *shape[dim + 1 :]]
    graph = node.graph
    with graph.inserting_before(node):
        view = graph.call_function(aten.view.default, (source, split_shape))
        partial = graph.call_function(node.target, (view, [dim + 1], False), dtype)
    view.meta["val"] = source.meta["val"].view(split_shape)
    partial.meta["val"] = node.target(view.meta["val"], [dim + 1], False, **dtype)
    for new in (view, partial):
        for key in ("recompute", "ac_graph_id", "stack_trace", "seq_nr", "nn_module_stack"):
            if key in node.meta:
                new.meta[key] = node.meta[key]
    node.args = (partial, [dim], keepdim)
    node.kwargs = dtype


def narrow_count(count: torch.fx.Node) -> torch.fx.Node | None:
    """Replace an int64 count of booleans by ``int64(sum(..., dtype=float32))``; return the float32 sum, or None.

    Every value downstream is unchanged: a count of at most 2**24 booleans per row is exact in float32
    whatever the order of its additions, and converts back to the same integer; the cast back is pointwise,
    inlined by Inductor into the count's readers, so the stored per-row buffer is the 4-byte one; a division
    by the count reads the float32 count directly (``_divide_by_narrow``).  Left
    alone: a count over a symbolic or larger number of elements per row, one the user already typed, a sum
    of anything but booleans (a weighted mask need not be exact in float32), and a count the graph returns
    (its int64 output would then be a second buffer).
    """
    val, source = count.meta.get("val"), count.args[0]
    source_val = source.meta.get("val") if isinstance(source, torch.fx.Node) else None
    if (
        not isinstance(val, torch.Tensor)
        or not isinstance(source_val, torch.Tensor)
        or val.dtype != torch.int64
        or source_val.dtype != torch.bool
        or "dtype" in count.kwargs
        or any(user.op == "output" for user in count.users)
    ):
        return None
    counted, rows = source_val.numel(), val.numel()
    if not (isinstance(counted, int) and isinstance(rows, int)) or counted > FLOAT32_COUNT_LIMIT * max(rows, 1):
        return None
    graph = count.graph
    with graph.inserting_after(count):
        narrow = graph.call_function(count.target, count.args, {**count.kwargs, "dtype": torch.float32})
    with graph.inserting_after(narrow):
        wide = graph.call_function(prims.convert_element_type.default, (narrow, torch.int64))
    count.replace_all_uses_with(wide)
    for node in (narrow, wide):
        node.meta.update(count.meta)
    narrow.meta["val"] = val.to(torch.float32)
    _divide_by_narrow(wide, narrow)
    if not wide.users:
        graph.erase_node(wide)
    graph.erase_node(count)
    return narrow


def _divide_by_narrow(wide: torch.fx.Node, narrow: torch.fx.Node) -> None:
    """Let each ``div(grad, count)`` of ``wide`` (the int64 cast of ``narrow``) divide by the float32 count.

    Why: the autograd formulas divide a floating gradient by the count, and Inductor inlines the cast
    back into that division, which its C++ backend then converts float -> int64 -> float per element of
    the gradient's loop (the count varies along the loop where the reduction is over an outer dim).  The
    Chamfer step's gradient loop took 16% longer than stock's for it (bf16, perf samples).  The quotient
    is the same: a float32 or float64 ``grad`` is divided by the same integer value; a bf16/fp16 ``grad``
    divides in float32 (as Inductor computes ``grad / int64`` anyway) and is cast back to its dtype, unless
    it is itself a cast of a bool or an integer (see below).
    """
    for user in list(wide.users):
        grad = user.args[0] if user.target is aten.div.Tensor and user.args[1] is wide else None
        grad_val = grad.meta.get("val") if isinstance(grad, torch.fx.Node) else None
        quotient = user.meta.get("val")
        # A 0-dim grad does not decide the quotient's dtype against a float32 count (type promotion).
        if (
            not isinstance(grad_val, torch.Tensor)
            or not grad_val.is_floating_point()
            or grad_val.dim() == 0
            or not isinstance(quotient, torch.Tensor)
            or quotient.dtype != grad_val.dtype
        ):
            continue
        low_precision = grad_val.dtype not in (torch.float32, torch.float64)
        if low_precision and _cast_from_non_float(grad):
            # bool -> bf16 -> float per element: Inductor converts hit.to(bf16) / count's bool straight to
            # float as traced, but not through an explicit bf16 value (a user's one-hot of the max, 4096x1024
            # bf16: 1.17x stock's step against 1.01x as traced).
            continue
        user.update_arg(1, narrow)
        if not low_precision:
            continue
        graph = user.graph
        with graph.inserting_after(user):
            back = graph.call_function(prims.convert_element_type.default, (user, grad_val.dtype))
        user.replace_all_uses_with(back, delete_user_cb=lambda node: node is not back)
        back.meta.update(user.meta)
        user.meta["val"] = back.meta["val"].to(torch.float32)


def _cast_from_non_float(node: torch.fx.Node) -> bool:
    if node.target not in (prims.convert_element_type.default, aten._to_copy.default):
        return False
    source = node.args[0]
    val = source.meta.get("val") if isinstance(source, torch.fx.Node) else None
    return isinstance(val, torch.Tensor) and not val.is_floating_point()
