"""
Give amin/amax, max()/min() without dim and the inf-norm one stored computation of the input that their
equality-mask backward compares with the result (PyTorch #186799).

Their autograd formulas find the selected elements by an exact mask ``X == R`` between the input ``X`` and
the result ``R = red(X)``.  In the joint graph the reduction and the mask are two readers of ``X``, and
Inductor inlines a cheap producer into each (the partitioner recomputes it for the backward), so ``X`` is
computed twice: a scalar and a vectorized ``atan2`` differ by an ulp, and a bf16/fp16 reduction sees
unrounded fp32 values while the mask sees rounded ones.  The mask then misses the extremum: the gradient
is dropped, or NaN when the tie count is 0.  The rewrite, per reduction with such a mask::

    M = prims.inductor_materialize(X)    # X computed once and stored in its dtype
    R = red(M)
    mask = eq(M, view(R))                # also isnan(M) for max()/min()

``R`` is one of the values of ``M`` (rounding is monotone), so the mask holds exactly the tied extrema, as
eager's does.  In a training graph ``M``, ``R`` and the views between ``R`` and the mask are
``MUST_RECOMPUTE``: the partitioner keeps for ``X`` what it keeps without the pass, and the backward
recomputes ``M'`` and ``R' = red(M')`` together, never comparing a recomputed ``M'`` with a saved ``R``.
A reduced value that is a graph input (or a view, ``abs`` or ``neg`` of one) is loaded exactly by every
reader and left alone.
"""

from __future__ import annotations

import torch
import torch.fx
from torch._dynamo.utils import counters
from torch.utils._ordered_set import OrderedSet
from torch.utils.checkpoint import CheckpointPolicy


aten = torch.ops.aten

SELECTING_OPS = OrderedSet([aten.amin.default, aten.amax.default, aten.max.default, aten.min.default])
# What a mask reads a reduction's result through.
VIEW_OPS = OrderedSet(
    [
        aten.view.default,
        aten.reshape.default,
        aten._unsafe_view.default,
        aten.unsqueeze.default,
        aten.expand.default,
        aten.permute.default,
        aten.alias.default,
        aten.detach.default,
    ]
)
# Computed bit-exactly from graph inputs by every backend: such a reduced value needs no stored copy.
EXACT_OPS = VIEW_OPS | OrderedSet([aten.abs.default, aten.neg.default, aten.clone.default])


def _through_views(value: object) -> object:
    while isinstance(value, torch.fx.Node) and value.op == "call_function" and value.target in VIEW_OPS:
        value = value.args[0]
    return value


def _is_exact_from_inputs(node: torch.fx.Node) -> bool:
    if node.op in ("placeholder", "get_attr"):
        return True
    if node.op != "call_function" or node.target not in EXACT_OPS:
        return False
    return all(_is_exact_from_inputs(a) for a in node.all_input_nodes)


def _structural_keys(graph: torch.fx.Graph) -> dict[torch.fx.Node, int]:
    """Equal keys for nodes that compute the same value from the same inputs (the inf-norm backward's second
    ``abs(x)`` is the forward's); random ops and placeholders are keyed by identity."""
    interned: dict[object, int] = {}
    keys: dict[torch.fx.Node, int] = {}

    def normalize(value: object) -> object:
        if isinstance(value, torch.fx.Node):
            return ("key", keys[value])
        if isinstance(value, (list, tuple)):
            return tuple(normalize(v) for v in value)
        if isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
            return ("sym", str(value))
        return value

    for node in graph.nodes:
        random = torch.Tag.nondeterministic_seeded in getattr(node.target, "tags", ())
        if node.op != "call_function" or random:
            structure: object = ("node", id(node))
        else:
            kwargs = tuple(sorted(node.kwargs.items()))
            structure = (node.target, normalize(node.args), normalize(kwargs))
        try:
            keys[node] = interned.setdefault(structure, len(interned))
        except TypeError:  # an unhashable argument: the node equals only itself
            keys[node] = interned.setdefault(("node", id(node)), len(interned))
    return keys


def _read_by_backward(graph: torch.fx.Graph) -> OrderedSet[torch.fx.Node]:
    """Every node that a node depending on a tangent reads, directly or not."""
    backward: OrderedSet[torch.fx.Node] = OrderedSet()
    for node in graph.nodes:
        if node.op == "output":
            continue
        if (node.op == "placeholder" and "tangents" in str(node.target)) or any(
            arg in backward for arg in node.all_input_nodes
        ):
            backward.add(node)
    read: OrderedSet[torch.fx.Node] = OrderedSet()
    stack = [arg for node in backward for arg in node.all_input_nodes if arg not in backward]
    while stack:
        node = stack.pop()
        if node not in read:
            read.add(node)
            stack.extend(node.all_input_nodes)
    return read


def materialize_equality_mask_reductions(graph: torch.fx.Graph) -> int:
    """Apply the rewrite to ``graph``; returns the number of reductions rewritten."""
    keys = _structural_keys(graph)
    masks = [n for n in graph.nodes if n.op == "call_function" and n.target is aten.eq.Tensor]
    nans = [n for n in graph.nodes if n.op == "call_function" and n.target is aten.isnan.default]
    plans = []
    for node in graph.nodes:
        reduced = node.args[0] if node.op == "call_function" and node.target in SELECTING_OPS else None
        if not isinstance(reduced, torch.fx.Node) or _is_exact_from_inputs(reduced):
            continue
        operands = [
            (eq, i)
            for eq in masks
            for i in (0, 1)
            if isinstance(eq.args[i], torch.fx.Node)
            and keys[eq.args[i]] == keys[reduced]
            and _through_views(eq.args[1 - i]) is node
        ]
        if operands:
            plans.append((node, reduced, operands, [n for n in nans if keys[n.args[0]] == keys[reduced]]))
    if not plans:
        return 0
    training = any(n.op == "placeholder" and "tangents" in str(n.target) for n in graph.nodes)
    backward_reads = _read_by_backward(graph) if training else OrderedSet()
    materialize = torch.ops.prims.inductor_materialize.default
    rewritten = 0
    for node, reduced, operands, isnans in plans:
        if training and not any(eq in backward_reads for eq, _ in operands):
            continue  # a comparison only the forward reads: not this pass's
        m = next((u for u in reduced.users if u.target is materialize), None)
        if m is None:  # aminmax reduces one value twice: one copy
            with graph.inserting_after(reduced):
                m = graph.call_function(materialize, (reduced,))
            m.meta.update({k: reduced.meta[k] for k in ("val", "stack_trace", "seq_nr") if k in reduced.meta})
            reduced.replace_all_uses_with(m, delete_user_cb=lambda user: user is not m)
        rewritten += 1
        for eq, i in operands:
            eq.update_arg(i, m)
        for isnan in isnans:
            isnan.update_arg(0, m)
        if training:
            chain = [m, node]
            for eq, i in operands:
                value = eq.args[1 - i]
                while isinstance(value, torch.fx.Node) and value is not node:
                    chain.append(value)
                    value = value.args[0]
            for n in chain:
                n.meta["recompute"] = CheckpointPolicy.MUST_RECOMPUTE
                if "ac_graph_id" in node.meta:
                    n.meta.setdefault("ac_graph_id", node.meta["ac_graph_id"])
    if rewritten:
        graph.eliminate_dead_code()
    counters["inductor"]["equality_mask_reductions"] += rewritten
    return rewritten
