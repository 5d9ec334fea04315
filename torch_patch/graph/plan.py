"""Planning: find each value-selecting op whose equality mask reads a recomputable copy of its input.

Pure: inspects the graph and changes nothing (``plan_rewrites``), so a site that cannot be analysed is left
exactly as stock compiles it.  Two values are "the same" when a CSE key says they compute the same thing from
the same inputs (``_StructuralKeys``: the second ``abs(x)`` of the inf-norm backward is the first's).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field

import torch
import torch.fx

from torch_patch.graph.ops import (
    COMPARISON_OPS,
    COPIES,
    VALUE_SELECTING_OPS,
    is_exact_from_inputs,
    reads_values_of,
    selected_positions,
    through,
)

aten = torch.ops.aten


@dataclass
class ReductionRewrite:
    """One planned rewrite: the value-selecting op, one input it selects from, and the mask operands
    to reroute (``scatter_reduce`` and ``index_reduce`` select from two inputs: two plans)."""

    reduction: torch.fx.Node
    reduced: torch.fx.Node
    #: Which input of ``reduction`` ``reduced`` is (``scatter_reduce``: 0 for self, 3 for src).
    position: int = 0
    #: (eq node, argument index) pairs whose argument computes the same values as ``reduced``.
    mask_operands: list[tuple[torch.fx.Node, int]] = field(default_factory=list)
    #: ``isnan`` nodes of the same mask (``max()``/``min()``/inf-norm also route NaN) over a value
    #: computing the same as ``reduced``: rerouted too, so the mask never recomputes the producer.
    nan_operands: list[torch.fx.Node] = field(default_factory=list)
    #: The policy applied (``POLICIES``), set by ``apply_rewrites``; None where nothing in the backward
    #: reads the site (no tags: the forward computes it once).
    policy: str | None = None


class _StructuralKeys:
    """Integer keys, equal iff two nodes compute the same value from the same inputs (a CSE key).

    Keys are hash-consed in graph (topological) order, so computing all of them is linear in the graph
    size and needs no recursion.  Nondeterministic (random) ops and non-call nodes (placeholders) are
    keyed by identity: two ``rand`` nodes never compute the same value.
    """

    def __init__(self, graph: torch.fx.Graph) -> None:
        interned: dict[object, int] = {}
        self._keys: dict[torch.fx.Node, int] = {}
        for node in graph.nodes:
            if node.op != "call_function" or self._is_nondeterministic(node.target):
                structure: object = ("node", id(node))
            else:
                kwargs = tuple(sorted(node.kwargs.items()))
                structure = ("call", node.target, self._normalize(node.args), self._normalize(kwargs))
            self._keys[node] = interned.setdefault(structure, len(interned))

    def __call__(self, node: torch.fx.Node) -> int:
        return self._keys[node]

    @staticmethod
    def _is_nondeterministic(target: object) -> bool:
        tags = getattr(target, "tags", ())
        return torch.Tag.nondeterministic_seeded in tags

    def _normalize(self, value: object) -> object:
        if isinstance(value, torch.fx.Node):
            return ("key", self._keys[value])
        if isinstance(value, (list, tuple)):
            return (type(value).__name__, tuple(self._normalize(v) for v in value))
        if isinstance(value, (torch.SymInt, torch.SymFloat, torch.SymBool)):
            return ("sym", str(value))
        try:
            hash(value)
        except TypeError:
            return ("unhashable", id(value))
        return value


def plan_rewrites(graph: torch.fx.Graph) -> tuple[list[ReductionRewrite], list[tuple[torch.fx.Node, Exception]]]:
    """Find every input of a value-selecting op in ``graph`` whose equality mask needs it materialized.

    Pure: inspects the graph, changes nothing.  Returns the plans, and the ops whose analysis raised
    (with the exception), which the caller reports and leaves as they are.
    """
    keys = _StructuralKeys(graph)
    comparisons = [n for n in graph.nodes if n.op == "call_function" and n.target in COMPARISON_OPS]
    isnan_nodes = [n for n in graph.nodes if n.op == "call_function" and n.target == aten.isnan.default]
    plans, errors = [], []
    for node in graph.nodes:
        try:
            node_plans = [_plan_one(node, pos, comparisons, isnan_nodes, keys) for pos in selected_positions(node)]
        except Exception as exc:  # noqa: BLE001 - reported by the caller, never fatal
            errors.append((node, exc))
            continue
        plans.extend(plan for plan in node_plans if plan is not None)
    return plans, errors


def _plan_one(
    node: torch.fx.Node,
    position: int,
    comparisons: list[torch.fx.Node],
    isnan_nodes: list[torch.fx.Node],
    keys: _StructuralKeys,
) -> ReductionRewrite | None:
    reduced = node.args[position]
    if not isinstance(reduced, torch.fx.Node) or is_exact_from_inputs(reduced):
        return None
    plan = ReductionRewrite(reduction=node, reduced=reduced, position=position)
    reduced_key = keys(through(reduced, COPIES))
    for cmp in comparisons:
        for idx in (0, 1):
            operand, other = cmp.args[idx], cmp.args[1 - idx]
            if (
                isinstance(operand, torch.fx.Node)
                and reads_values_of(other, node)
                and keys(through(operand, COPIES)) == reduced_key
            ):
                plan.mask_operands.append((cmp, idx))
                break
    if not plan.mask_operands:
        return None
    plan.nan_operands = [n for n in isnan_nodes if keys(through(n.args[0], COPIES)) == reduced_key]
    return plan


def autograd_masks(plan: ReductionRewrite) -> list[torch.fx.Node]:
    """The plan's masks of the form the family's autograd formulas build (``eq`` and ``isnan`` with
    a family op's input); a user-written ``eq`` of the same form cannot be told apart from them."""
    if plan.reduction.target not in VALUE_SELECTING_OPS:
        return []
    return [cmp for cmp, _ in plan.mask_operands if cmp.target is aten.eq.Tensor] + plan.nan_operands


def selection_nodes(plan: ReductionRewrite) -> list[torch.fx.Node]:
    """The nodes that carry the selected values from the selecting op to each comparison: the op, its
    ``values`` output (``getitem(op, 0)``) where it has several, and the views and index reads
    (``gather``/``index_select``/``index``) in between."""
    nodes = [plan.reduction]
    for cmp, idx in plan.mask_operands:
        value = cmp.args[1 - idx]
        while isinstance(value, torch.fx.Node) and value is not plan.reduction:
            nodes.append(value)
            if value.target is operator.getitem:
                break
            value = value.args[0]
    return list(dict.fromkeys(nodes))


def site_nodes(plan: ReductionRewrite) -> list[torch.fx.Node]:
    """The nodes a site's rewrite starts from: the selected-from value, the selection and its chain to each
    comparison, the comparisons and the ``isnan`` masks (``GraphUndo`` logs them and their readers)."""
    return [plan.reduced, *selection_nodes(plan), *(cmp for cmp, _ in plan.mask_operands), *plan.nan_operands]
