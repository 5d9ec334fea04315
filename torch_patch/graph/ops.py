"""The family's op tables and the structural reads every later step shares (device-independent).

Which ops select values (``VALUE_SELECTING_OPS``: their autograd mask compares input and output for exact
equality; ``SELECTED_VALUES_OPS``: their ``values`` output copies input values), which comparisons can be a
mask (``COMPARISON_OPS``), what a mask may read a selection through (``RESULT_READS``) and which values every
backend reproduces exactly (``EXACT_OPS``).  The planner (``plan``), the placement (``placement``), the
partitioner's guard (``torch_patch.inductor.partition_guard``) and the lowering of ``materialize`` all read
these tables; nothing here imports Inductor.
"""

from __future__ import annotations

import operator

import torch
import torch.fx

aten = torch.ops.aten


#: The value-selecting ops whose autograd formula compares input and output for exact equality, with
#: the positions of the inputs whose values the output copies (and the mask compares with it).
VALUE_SELECTING_OPS = {
    aten.amin.default: (0,),
    aten.amax.default: (0,),
    aten.max.default: (0,),
    aten.min.default: (0,),
    aten.median.default: (0,),
    aten.nanmedian.default: (0,),
    aten.scatter_reduce.two: (0, 3),  # self (include_self=True), src
    aten.index_reduce.default: (0, 3),  # self (include_self=True), source
}

#: Value-selecting ops outside the autograd family: their ``values`` output (``getitem(op, 0)``) copies
#: input values, but their backward scatters the gradient by the saved indices, so only a comparison
#: that user code writes against those values can read a recomputed input (PyTorch #195214).
SELECTED_VALUES_OPS = {
    aten.max.dim: (0,),
    aten.min.dim: (0,),
    aten.topk.default: (0,),
    aten.sort.default: (0,),
    aten.sort.stable: (0,),
    aten.kthvalue.default: (0,),
    aten.median.dim: (0,),
    aten.nanmedian.dim: (0,),
    aten.mode.default: (0,),
    aten.cummax.default: (0,),
    aten.cummin.default: (0,),
}

#: Exact comparisons: ``eq`` is the family's autograd mask, and any of them can be a user-written mask
#: (a tie count, a one-hot of the max, a top-k routing mask ``z >= topk(z).values[..., -1:]``).  Each
#: reads a value of ``X`` and a value selected from ``X``, and flips where the two computations differ.
COMPARISON_OPS = frozenset(
    {aten.eq.Tensor, aten.ne.Tensor, aten.ge.Tensor, aten.gt.Tensor, aten.le.Tensor, aten.lt.Tensor}
)

#: ``scatter_reduce``/``index_reduce`` select values only for these ``reduce`` modes; ``sum``,
#: ``mean`` and ``prod`` compute new values, and their backward has no equality mask with the result.
SELECTING_REDUCE_MODES = frozenset({"amax", "amin"})

#: Ops that read a result's values at the positions an index gives: the scatter-style ops' masks
#: compare their src with ``gather(result, dim, index)`` (``index_select``/``index`` for index_reduce).
INDEX_READ_OPS = frozenset({aten.gather.default, aten.index_select.default, aten.index.Tensor})

#: Ops that only reinterpret indices: a reduction result reaches its mask through these.
VIEW_OPS = frozenset(
    {
        aten.view.default,
        aten.reshape.default,
        aten._unsafe_view.default,
        aten.unsqueeze.default,
        aten.squeeze.default,
        aten.squeeze.dim,
        aten.squeeze.dims,
        aten.expand.default,
        aten.permute.default,
        aten.transpose.int,
        aten.t.default,
        aten.alias.default,
        aten.slice.Tensor,
        aten.select.int,
        aten.as_strided.default,
        aten.detach.default,
    }
)

#: Ops whose result every backend computes bit-exactly from stored inputs (or from nothing: constant
#: fills such as the zeros a graph network scatters into); a reduced value built only from graph
#: inputs through these is loaded or filled, never approximated, so its mask is already exact.
EXACT_OPS = VIEW_OPS | frozenset(
    {
        aten.abs.default,
        aten.neg.default,
        aten.clone.default,
        aten.full.default,
        aten.zeros.default,
        aten.ones.default,
        aten.scalar_tensor.default,
    }
)


def through(value: object, targets: frozenset) -> object:
    """``value`` followed back through its first argument while it is a call of one of ``targets``."""
    while isinstance(value, torch.fx.Node) and value.op == "call_function" and value.target in targets:
        value = value.args[0]
    return value


#: What the mask may read a result through: views and index reads (``gather``).
RESULT_READS = VIEW_OPS | INDEX_READ_OPS
#: Copies: an in-place ``scatter_reduce_`` saves a clone of its ``self`` for the mask, while it
#: reduces ``self``; the values are the same whatever copy holds them.
COPIES = frozenset({aten.clone.default, aten.alias.default})


def reads_values_of(value: object, node: torch.fx.Node) -> bool:
    """True when ``value`` is ``node``'s result (for a ``SELECTED_VALUES_OPS`` op: its ``values``
    output), read through views and index reads (``gather``)."""
    value = through(value, RESULT_READS)
    if node.target in SELECTED_VALUES_OPS:
        return (
            isinstance(value, torch.fx.Node)
            and value.target is operator.getitem
            and value.args[0] is node
            and value.args[1] == 0
        )
    return value is node


def selected_positions(node: torch.fx.Node) -> tuple[int, ...]:
    """Positions of the inputs whose values ``node``'s output copies; () when it selects no values."""
    if node.op != "call_function":
        return ()
    if node.target in SELECTED_VALUES_OPS:
        return SELECTED_VALUES_OPS[node.target]
    if node.target not in VALUE_SELECTING_OPS:
        return ()
    if node.target in (aten.scatter_reduce.two, aten.index_reduce.default):
        mode = node.args[4] if len(node.args) > 4 else node.kwargs.get("reduce")
        if mode not in SELECTING_REDUCE_MODES:
            return ()
    return VALUE_SELECTING_OPS[node.target]


def is_exact_from_inputs(node: torch.fx.Node) -> bool:
    """True when ``node`` is a graph input, or reached from inputs only through ``EXACT_OPS``."""
    if node.op in ("placeholder", "get_attr"):
        return True
    if node.op != "call_function" or node.target not in EXACT_OPS:
        return False
    return all(is_exact_from_inputs(a) for a in node.all_input_nodes)
