"""Joint-graph pass: give value-selecting ops and their equality masks one stored input.

The family, defined by mechanism.  An op is in it when (1) it is *value-selecting*: every output
element is a copy of one of its input elements (an extremum, a median), and (2) its autograd formula
finds the selected elements by an exact equality mask between that input and the output, possibly
read through views, ``expand``, ``gather`` or ``index_select`` (``VALUE_SELECTING_OPS``):

- ``amin``, ``amax`` (``scale_grad_by_count``), and what decomposes into them: ``aminmax``,
  ``vector_norm(ord=±inf)`` (``amax``/``amin`` of ``abs``);
- ``max()``, ``min()``, ``median()``, ``nanmedian()`` without dim (``evenly_distribute_backward``:
  ``input == result``, plus ``isnan`` for NaN results);
- ``scatter_reduce`` / ``scatter_reduce_`` with ``amax``/``amin`` (``self == result`` and
  ``src == result.gather(dim, index)``), the max aggregation of graph networks;
- ``index_reduce`` / ``index_reduce_`` with ``amax``/``amin`` (``self == result`` and
  ``source == result.index_select(dim, index)``; PyTorch #168358 reports NaN gradients of it on CUDA).

The rule extends to masks that user code writes (PyTorch #195214: tie counts, one-hot of the max,
top-k routing masks): any exact comparison (``COMPARISON_OPS``: ``eq``, ``ne``, ``ge``, ``gt``, ``le``,
``lt``; ``torch.where``/``masked_fill`` consume such a node) between ``X`` and values selected from
``X`` is rewritten the same way, whether the values come from a family op or from the ``values``
output of ``max``/``min``/``median``/``nanmedian`` with dim, ``topk``, ``sort``/``msort``,
``kthvalue``, ``mode``, ``cummax``/``cummin`` (``SELECTED_VALUES_OPS``), read through ``getitem``,
views, slicing, ``expand``, ``gather`` or ``index_select``.  Those ops save indices and scatter their
own gradient by index (no mask of theirs is recomputed), but their values are copies of ``X``'s, and a
comparison with them recomputes ``X`` just as the family's mask does, in forward-only graphs too.

Not covered: ``maximum``,
``minimum``, ``fmax``/``fmin`` and ``clamp`` do not compare with their output: their masks compare
the inputs with each other or with a bound (``a > b``, ``x >= min``), and every element's gradient
goes to one side (or is split at a tie), so a recomputed input moves a decision by an ulp, as it moves
the forward, but never loses the gradient nor divides by a zero count.  ``scatter_reduce``
``sum``/``mean``/``prod`` and ``index_add`` compute new values and have no equality mask with the
result; they are left alone (``SELECTING_REDUCE_MODES``).  A comparison with another tensor's
extremum, with a constant, or of a value cast to another dtype (``z.float() == m.float()``: another
node than ``X``) is not matched.

Root cause (PyTorch #186799): after AOTAutograd the forward op and the mask are two readers of the
same FX value ``X``; Inductor inlines cheap producers into each reader (and the partitioner recomputes
them in the backward), so ``X`` is computed twice.  Two computations of a transcendental op differ by
an ulp between scalar and vectorized C++ code; bf16/fp16 reductions see unrounded fp32 values while
the mask sees rounded ones.  The mask then misses the selected value: the gradient is silently
dropped, or NaN when the tie count is 0.

The rewrite, per family op ``R = red(X)`` (per selected input ``X``) with equality users
``eq(X', view(R))`` (``view`` also ``gather``/``index_select``) where ``X'`` computes the same thing as
``X`` (the same node, a clone of it, or a structurally identical one such as the second ``abs(x)``
of the inf-norm backward)::

    M = torch_patch.materialize(X)        # Inductor: X computed once, stored in its own dtype
    R = red(M)                            # the forward reduces the stored values
    mask = eq(M, view(R))                 # MUST_RECOMPUTE: built in the backward from saved M and R

``R`` is one of the values of ``M`` (for bf16/fp16 too: rounding is monotone, so the max of rounded
values is the rounded max), so the mask is never empty (no NaN) and holds exactly the tied extrema,
as eager's does.  The forward reduces values computed the way eager's are (vectorized, rounded), so
it matches eager bitwise more often than stock compile's unrolled scalar code (on tensors of fewer
than two vectors, where eager itself is scalar, a row may differ: ``docs/design.md``).

Why this shape (measured; ``docs/design.md`` has the table of alternatives): the partitioner would
otherwise compute the mask in the forward and save it as a bool tensor, and Inductor's C++ bool store
(``VecMask::store``) made that forward kernel 7x slower than stock's.  ``MUST_RECOMPUTE`` on the mask
nodes puts the compare into the backward's gradient kernel, which loads ``M`` anyway; the saved
bytes are ``M`` and ``R``, as eager saves the reduced input and the result.
``torch_patch.cpp_fusion`` lets Inductor's C++ backend store ``M`` inside the reduction loop, so the
forward is one pass.

Graphs where nothing is recomputed inexactly are left alone (the reduced value is a graph input, a
view / ``abs`` / ``neg`` of one, or a constant fill such as the zeros a graph network scatters into):
there the mask is already exact and the kernels stay stock.  ``scatter_reduce`` and ``index_reduce``
are rewritten per input: ``src`` and, when the mask compares it, ``self`` (two plans).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import operator
import warnings
from dataclasses import dataclass, field
from pathlib import Path

import torch
import torch.fx
from torch._inductor.custom_graph_pass import CustomGraphPass

from torch_patch import compat, reduction_loops, sites
from torch_patch.errors import TorchPatchWarning
from torch_patch.graph_undo import GraphUndo
from torch_patch.materialize_op import materialize_overload

log = logging.getLogger(__name__)

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


def _through(value: object, targets: frozenset) -> object:
    """``value`` followed back through its first argument while it is a call of one of ``targets``."""
    while isinstance(value, torch.fx.Node) and value.op == "call_function" and value.target in targets:
        value = value.args[0]
    return value


#: What the mask may read a result through: views and index reads (``gather``).
_RESULT_READS = VIEW_OPS | INDEX_READ_OPS
#: Copies: an in-place ``scatter_reduce_`` saves a clone of its ``self`` for the mask, while it
#: reduces ``self``; the values are the same whatever copy holds them.
_COPIES = frozenset({aten.clone.default, aten.alias.default})


def _reads_values_of(value: object, node: torch.fx.Node) -> bool:
    """True when ``value`` is ``node``'s result (for a ``SELECTED_VALUES_OPS`` op: its ``values``
    output), read through views and index reads (``gather``)."""
    value = _through(value, _RESULT_READS)
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


def _is_exact_from_inputs(node: torch.fx.Node) -> bool:
    """True when ``node`` is a graph input, or reached from inputs only through ``EXACT_OPS``."""
    if node.op in ("placeholder", "get_attr"):
        return True
    if node.op != "call_function" or node.target not in EXACT_OPS:
        return False
    return all(_is_exact_from_inputs(a) for a in node.all_input_nodes)


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
    if not isinstance(reduced, torch.fx.Node) or _is_exact_from_inputs(reduced):
        return None
    plan = ReductionRewrite(reduction=node, reduced=reduced, position=position)
    reduced_key = keys(_through(reduced, _COPIES))
    for cmp in comparisons:
        for idx in (0, 1):
            operand, other = cmp.args[idx], cmp.args[1 - idx]
            if (
                isinstance(operand, torch.fx.Node)
                and _reads_values_of(other, node)
                and keys(_through(operand, _COPIES)) == reduced_key
            ):
                plan.mask_operands.append((cmp, idx))
                break
    if not plan.mask_operands:
        return None
    plan.nan_operands = [n for n in isnan_nodes if keys(_through(n.args[0], _COPIES)) == reduced_key]
    return plan


def _has_materialized(reduced: torch.fx.Node) -> bool:
    return any(user.op == "call_function" and user.target is materialize_overload() for user in reduced.users)


def _materialized(graph: torch.fx.Graph, reduced: torch.fx.Node) -> torch.fx.Node:
    """One ``materialize`` node per reduced value: ``aminmax``, or a Chamfer loss's ``amin`` over both
    dims, reduce one value twice, and each plan is applied on its own, so reuse the existing node."""
    for user in reduced.users:
        if user.op == "call_function" and user.target is materialize_overload():
            return user
    with graph.inserting_after(reduced):
        m = graph.call_function(materialize_overload(), (reduced,))
    val = reduced.meta.get("val")
    if val is not None:
        m.meta["val"] = val
    for key in ("stack_trace", "nn_module_stack", "seq_nr"):
        if key in reduced.meta:
            m.meta[key] = reduced.meta[key]
    return m


def _autograd_masks(plan: ReductionRewrite) -> list[torch.fx.Node]:
    """The plan's masks of the form the family's autograd formulas build (``eq`` and ``isnan`` with
    a family op's input); a user-written ``eq`` of the same form cannot be told apart from them."""
    if plan.reduction.target not in VALUE_SELECTING_OPS:
        return []
    return [cmp for cmp, _ in plan.mask_operands if cmp.target is aten.eq.Tensor] + plan.nan_operands


#: Where a rewritten site's copy ``M`` and its selections live for the backward (``POLICY_RECOMPUTE`` is the
#: default, and the package's ``install(policy=...)`` picks one):
#: - ``"recompute"``: ``M``, every selection from it and the reads that bring a selection to a comparison
#:   are ``MUST_RECOMPUTE``.  A backward that needs a mask recomputes ``M' = materialize(X')`` and
#:   ``R' = red(M')`` together, from whatever the partitioner kept for ``X`` -- its own choice, as for
#:   stock -- so the bytes saved are stock's (less ``R``, which stock saves and this recomputes).  Two
#:   kinds of site keep something from the forward instead, where recomputing would repeat an ATen call:
#:   a scatter's masks, as bits (``POLICY_BITS``), and the comparisons with a selection stock never
#:   recomputes (``topk``, ``sort``...: ``POLICY_MASKS``), as the bools stock keeps.
#: - ``"save"``: ``M`` is ``MUST_SAVE``: the backward reads the forward's stored copy and recomputes
#:   nothing of ``X``; faster where ``X`` is costly to recompute, at the cost of keeping ``M``.
#: Either way the comparison and the selection read one computation of ``X``; what must never happen is a
#: mask reading a recomputed ``M'`` and a saved ``R`` (or the reverse), and the tags rule that out: an
#: ``R`` on the recompute side of the min-cut forces ``M`` there too, and a saved ``M`` makes any ``R``
#: exact, saved or recomputed from it.
POLICY_RECOMPUTE = "recompute"
POLICY_SAVE = "save"
POLICIES = (POLICY_RECOMPUTE, POLICY_SAVE)


def check_policy(policy: object) -> str:
    """``policy`` if it is one of ``POLICIES``; else a ValueError that names the valid ones."""
    if not isinstance(policy, str) or policy not in POLICIES:
        raise ValueError(
            f"torch_patch: unknown policy {policy!r}; use {POLICY_RECOMPUTE!r} (the default: the backward "
            f"recomputes what stock recomputes, saving no more than stock) or {POLICY_SAVE!r} (keep the "
            "stored copy for the backward: more memory, no recomputation)"
        )
    return policy


def _user_saves(node: torch.fx.Node) -> bool:
    """Whether the user's selective-checkpoint policy asked to keep ``node`` (``MUST_SAVE``/``PREFER_SAVE``)."""
    from torch.utils.checkpoint import CheckpointPolicy

    return node.meta.get("recompute") in (CheckpointPolicy.MUST_SAVE, CheckpointPolicy.PREFER_SAVE)


def _user_recomputes(node: torch.fx.Node) -> bool:
    """Whether an activation-checkpoint region (or the user's policy) asked to recompute ``node``."""
    from torch.utils.checkpoint import CheckpointPolicy

    return node.meta.get("recompute") in (CheckpointPolicy.MUST_RECOMPUTE, CheckpointPolicy.PREFER_RECOMPUTE)


def _selection_nodes(plan: ReductionRewrite) -> list[torch.fx.Node]:
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


#: What ``"recompute"`` applies at a ``scatter_reduce``/``index_reduce`` site: the masks are saved as bits.
POLICY_BITS = "bits"
#: Value-selecting ops that are fallback kernels on every backend Inductor has: recomputing them in the
#: backward repeats a whole scatter, while their forward stores ``M`` anyway (``mask_bits.save_as_bits``).
_FALLBACK_SELECTIONS = frozenset({aten.scatter_reduce.two, aten.index_reduce.default})


#: What ``"recompute"`` applies at a site whose selection stock's partitioner never recomputes: the
#: comparisons are computed in the forward, from ``M`` and the selection, and saved.
POLICY_MASKS = "masks"
#: Selections outside the partitioner's recompute allowlist (``ban_recompute_not_in_allowlist``): every
#: ``SELECTED_VALUES_OPS`` op but ``max``/``min`` with dim (reductions Inductor lowers itself).  Stock never
#: recomputes them in the backward, and each is an ATen call (a sort or partial sort per row), not a
#: generated loop.  Recomputing one to rebuild a mask repeats that call (the top-2 router's backward: 2x
#: stock's ``topk`` time); the mask stock keeps is exact when it compares one computation of ``X``.
_UNRECOMPUTED_SELECTIONS = frozenset(SELECTED_VALUES_OPS) - {aten.max.dim, aten.min.dim}


def _packs_masks(plan: ReductionRewrite) -> bool:
    """Whether the plan's masks are saved as bits instead of recomputed: a fallback selection whose
    comparisons are all its own autograd masks, of static shape."""
    from torch_patch import mask_bits

    if plan.reduction.target not in _FALLBACK_SELECTIONS:
        return False
    masks = _autograd_masks(plan)
    return len(masks) == len(plan.mask_operands) + len(plan.nan_operands) and all(mask_bits.packable(n) for n in masks)


def _tag_site(plan: ReductionRewrite, m: torch.fx.Node, policy: str, backward_reads: set[torch.fx.Node]) -> str:
    """Tag ``M`` and the plan's selections for the partitioner by ``policy``; returns the policy applied.

    A site is saved when the policy says so.  A selection the user's checkpoint policy keeps stays kept, and
    its comparisons get a recomputed chain of their own (``repair_sites``), so that no comparison pairs a
    recomputed ``M'`` with a saved selection.  A saved ``M`` stays saved when a later plan over the same
    ``M`` (``aminmax``, a Chamfer loss) is applied: the tags only ever move a site from recompute to save,
    which is exact either way.
    """
    from torch.utils.checkpoint import CheckpointPolicy

    selections = _selection_nodes(plan)
    region = plan.reduction.meta.get("ac_graph_id", compat.default_ac_graph_id())
    user_saves_selection = any(_user_saves(n) for n in selections)
    if policy == POLICY_BITS and not user_saves_selection:
        # The masks are computed in the forward from this M and saved as bits (mask_bits.save_as_bits).
        # MUST_SAVE keeps M, and so the masks, out of the backward: were M recomputable, the partitioner
        # could recompute the packed masks in the backward from a new M' and the forward's saved R.
        # Nothing in the backward reads M, so it is not saved; R stays the partitioner's choice.
        m.meta["recompute"] = CheckpointPolicy.MUST_SAVE
        tagged = [m]
        applied = POLICY_BITS
    elif policy == POLICY_MASKS and not user_saves_selection and not _user_saves(m):
        # Each comparison the backward reads is computed in the forward, from M and the selection of one
        # computation, and saved (a bool: what stock keeps where it cannot recompute the selection).  M
        # and the selection stay untagged, the partitioner's choice as for stock: no backward node
        # compares a recomputed M' with anything.
        tagged = [
            node
            for node in [*(cmp for cmp, _ in plan.mask_operands), *plan.nan_operands]
            if node in backward_reads
        ]
        for node in tagged:
            node.meta["recompute"] = CheckpointPolicy.MUST_SAVE
        applied = POLICY_MASKS
    elif policy != POLICY_RECOMPUTE or _user_saves(m):
        m.meta["recompute"] = CheckpointPolicy.MUST_SAVE
        tagged = [m]
        applied = POLICY_SAVE
    else:
        # A selection the user's checkpoint policy saves keeps its tag (the user asked for it, and its other
        # readers get it); the comparisons then read a recomputed copy of that chain, made after the
        # partitioner's CSE by ``repair_sites`` (made here, the CSE would merge it back into the saved one).
        # Saving M instead would keep more than stock keeps.
        tagged = [m, *(n for n in selections if not _user_saves(n))]
        for node in tagged:
            node.meta["recompute"] = CheckpointPolicy.MUST_RECOMPUTE
        applied = POLICY_RECOMPUTE
    if region is not None:
        # Nodes of an activation-checkpointed region carry its id, as torch's own tags do (the
        # partitioner orders regions by it; torch < 2.10 reads it without a default).
        for node in tagged:
            node.meta.setdefault("ac_graph_id", region)
    return applied


def _save_masks_as_bits(graph: torch.fx.Graph, plan: ReductionRewrite, position=None) -> None:
    """Pack each distinct autograd mask of ``plan`` once: two ``eq`` nodes of the same operands (the
    backward formula builds both before the partitioner's CSE) share one packed copy."""
    from torch_patch import mask_bits

    groups: dict[tuple, list[torch.fx.Node]] = {}
    for mask in _autograd_masks(plan):
        groups.setdefault((mask.target, mask.args, tuple(mask.kwargs.items())), []).append(mask)
    for masks in groups.values():
        mask_bits.save_as_bits(graph, masks, position)


@dataclass
class GraphFacts:
    """What the rewrite reads of the whole graph, computed once per graph (``graph_facts``), not per site."""

    #: A graph the partitioner will cut (``_is_joint_graph``): only its backward could recompute a mask (a
    #: graph that computes its gradients inside, ``compile(func.grad(f))``, reads M and R of one computation).
    partitioned: bool
    #: Every node a backward node reads (``_ancestors_of_backward``), on the graph as planned: the rewrites
    #: change what M's readers read, never who reads a selection or a comparison.
    backward_reads: set[torch.fx.Node]
    #: Node positions, numbered once (``mask_bits.NodeOrder``).
    position: object = None


def graph_facts(graph: torch.fx.Graph) -> GraphFacts:
    from torch_patch.mask_bits import NodeOrder

    partitioned = _is_joint_graph(graph)
    return GraphFacts(partitioned, _ancestors_of_backward(graph) if partitioned else set(), NodeOrder(graph))


def apply_rewrites(
    graph: torch.fx.Graph, plans: list[ReductionRewrite], policy: str = POLICY_RECOMPUTE, facts: GraphFacts | None = None
) -> int:
    """Apply planned rewrites; returns the number of reductions rewritten.

    The reduction and its masks read one materialized value ``M``; where ``M`` lives for the backward
    is ``policy``'s (see ``POLICIES`` and ``_tag_site``): ``M`` and ``R`` recomputed together, the
    masks of a scatter kept as bits, the masks against a selection stock never recomputes kept as
    bools, or ``M`` saved.  ``facts`` (``graph_facts(graph)``, computed here if None) is passed by a caller
    that applies the plans of one graph one at a time.
    """
    check_policy(policy)
    from torch.utils.checkpoint import CheckpointPolicy

    facts = facts if facts is not None else graph_facts(graph)
    partitioned, backward_reads = facts.partitioned, facts.backward_reads
    for plan in plans:
        # Below budget 1 the partitioner may recompute the whole forward in the backward, the packing of
        # the masks included (torch 2.13's C++ backend then failed to compile the unpacking, found by the
        # fuzzer at budget 0): such a site is recomputed as the others are, M' and its masks together.
        bits = (
            policy == POLICY_RECOMPUTE
            and partitioned
            and _packs_masks(plan)
            and not _has_materialized(plan.reduced)
            and _memory_budget() >= 1.0
        )
        # A selection stock never recomputes is not recomputed for a mask either (_UNRECOMPUTED_SELECTIONS);
        # below budget 1 the site is recomputed as the others are (the partitioner was asked for memory).
        # Inside an activation-checkpointed region the user asked for the selection to be recomputed, and
        # stock recomputes it there: keeping the masks would keep a bool stock does not.
        masks = (
            policy == POLICY_RECOMPUTE
            and partitioned
            and plan.reduction.target in _UNRECOMPUTED_SELECTIONS
            and _memory_budget() >= 1.0
            and not _user_recomputes(plan.reduction)
        )
        # A site whose selection and comparisons only the forward reads (a user's tie count or one-hot of
        # the max: a bool has no gradient) needs nothing from the partitioner: no tag (see below).
        forward_only = partitioned and not _backward_compares(backward_reads, plan)
        m = _materialized(graph, plan.reduced)
        if bits:
            # Only the selection and its masks read the copy, which stays in the forward (see _tag_site):
            # the other readers of X need no exact copy and keep stock's choice for X.
            plan.reduction.update_arg(plan.position, m)
        else:
            # Every reader of X reads the stored copy: the reduction, and the other users of X (an
            # ``exp``/``tanh`` backward that needs its output, a second consumer in the forward).  X is
            # then computed once, as in eager.
            plan.reduced.replace_all_uses_with(m, delete_user_cb=lambda user: user is not m)
        for eq, idx in plan.mask_operands:
            eq.update_arg(idx, m)
        for isnan in plan.nan_operands:
            isnan.update_arg(0, m)
        # Computing the autograd mask where it is used (the backward) costs one compare per element of
        # data the backward loads anyway; saving it would cost a store in the forward and a load in the
        # backward.  See docs: the stored bool mask made the forward kernel 7x slower.  A mask that
        # user code writes is computed in the forward for the forward; whether the backward saves or
        # recomputes it stays the partitioner's choice, as in stock.
        for mask_node in _autograd_masks(plan) if policy == POLICY_SAVE else ():
            mask_node.meta["recompute"] = CheckpointPolicy.MUST_RECOMPUTE
            # Nodes of an activation-checkpointed region carry its id, as torch's own tags do (the
            # partitioner orders regions by it; torch < 2.10 reads it without a default).
            region = plan.reduction.meta.get("ac_graph_id", compat.default_ac_graph_id())
            if region is not None:
                mask_node.meta.setdefault("ac_graph_id", region)
        if forward_only:
            # No backward node reads the selection or a comparison (a comparison the user wrote, used in
            # the forward only): the forward computes them once, from one M, whatever the partitioner does
            # with M for its other readers; it is left exactly stock's choices (torch 2.9's and 2.15's keep
            # x and softmax statistics instead of the softmax once the tie-count site is tagged: +512 B and
            # +832 B, measured).
            plan.policy = None
        else:
            plan.policy = _tag_site(
                plan, m, POLICY_BITS if bits else POLICY_MASKS if masks else policy, backward_reads
            )
        if plan.policy == POLICY_BITS:
            _save_masks_as_bits(graph, plan, facts.position)
        reduction_loops.mark(plan.reduction, [cmp for cmp, _ in plan.mask_operands])
        # The user-facing INFO line (file:line and the op as written) and torch_patch.check's list of
        # sites; the FX-level detail below is DEBUG.  Package-only: upstream/make_patch.py cuts it.
        sites.report_rewrite(graph, plan)
        log.debug(
            "torch_patch: graph %s: materialized %s (%s, %s) for %s (%s) and its comparison(s) %s: "
            "the reduction and the mask now read the same stored values, instead of a recomputed %s",
            _graph_name(graph),
            plan.reduced.name,
            _dtype_of(plan.reduced),
            _shape_of(plan.reduced),
            plan.reduction.name,
            plan.reduction.target,
            [eq.name for eq, _ in plan.mask_operands],
            plan.reduced.target,
        )
    return len(plans)


def _shape_of(node: torch.fx.Node) -> str:
    val = node.meta.get("val")
    return "x".join(map(str, getattr(val, "shape", ()))) or "scalar"


def _dtype_of(node: torch.fx.Node) -> str:
    val = node.meta.get("val")
    return str(getattr(val, "dtype", "unknown dtype"))


#: The files whose code decides what a rewritten graph compiles to (the pass, what it imports, the Inductor
#: patches of ``install.PATCHES``).  Inductor's caches key on their contents (``uuid``).  Listed, not globbed:
#: a file moved into a folder would otherwise drop out of the key without a sound; ``test/test_cache.py``
#: checks the list against what the pass and the patches import.
CODE_FILES = (
    "reduction_pass.py", "graph_undo.py", "mask_bits.py", "reduction_loops.py", "materialize_op.py", "sites.py",
    "compat.py", "errors.py", "method_patch.py", "cpp_fusion.py", "local_reductions.py",
    "mutation_deps.py", "partitioner_ops.py", "partition_guard.py",
)


@functools.lru_cache(maxsize=1)
def _source_hash() -> str:
    """Hash of the files of ``CODE_FILES`` (``get_hash_for_files``, Inductor's helper, where torch has it)."""
    paths = tuple(str(Path(__file__).parent / name) for name in CODE_FILES)
    from torch._inductor import custom_graph_pass

    get_hash_for_files = getattr(custom_graph_pass, "get_hash_for_files", None)
    if get_hash_for_files is not None:
        return get_hash_for_files(paths).hex()
    hasher = hashlib.sha256()
    for path in paths:
        hasher.update(Path(path).read_bytes())
    return hasher.hexdigest()


class MaterializeEqualityMaskReductions(CustomGraphPass):
    """Inductor ``joint_custom_post_pass`` that applies the rewrite described in this module.

    Runs on the joint forward+backward graph before partitioning, and on graphs that are never
    partitioned (inference graphs that compute gradients inside, e.g. ``compile(func.grad(f))``).
    A failure while planning one reduction never fails the compile: it warns, names the graph and
    node, and leaves that reduction as stock Inductor would compile it.

    ``policy`` (``POLICIES``) decides where the stored copy lives for the backward; it is part of
    ``uuid()``, so artifacts compiled under one policy never serve the other.
    """

    def __init__(self, policy: str = POLICY_RECOMPUTE) -> None:
        self.policy = check_policy(policy)

    def __call__(self, graph: torch.fx.Graph) -> None:
        plans, errors = plan_rewrites(graph)
        policy = self.policy
        facts = graph_facts(graph) if plans else GraphFacts(False, set())
        partitioned = facts.partitioned
        if plans and partitioned:
            _check_memory_budget()
        if plans and partitioned and policy == POLICY_SAVE and _memory_budget() < 1.0:
            log.debug(
                "torch_patch: policy 'save' with activation_memory_budget %s < 1: the partitioner was asked "
                "for memory, so the copies are recomputed in the backward ('recompute')",
                _memory_budget(),
            )
            policy = POLICY_RECOMPUTE
        for node, exc in errors:
            warnings.warn(
                f"torch_patch: could not analyse reduction {node.name} ({node.target}) in graph "
                f"{_graph_name(graph)}: {exc!r}. Its gradient is compiled as stock torch compiles it "
                "(possibly wrong). Please report this with TORCH_LOGS=aot_graphs output.",
                TorchPatchWarning,
                stacklevel=2,
            )
        applied = []
        for plan in plans:
            # A site whose rewrite fails is put back node for node: it is then compiled as stock compiles it.
            undo = GraphUndo(graph, _site_nodes(plan))
            try:
                with undo:
                    apply_rewrites(graph, [plan], policy, facts)
                applied.append(plan)
            except Exception as exc:  # noqa: BLE001 - a fix must never break a compile
                undo.rollback()
                warnings.warn(
                    f"torch_patch: could not rewrite reduction {plan.reduction.name} in graph "
                    f"{_graph_name(graph)}: {exc!r}. Its gradient is compiled as stock torch compiles it "
                    "(possibly wrong). Please report this with TORCH_LOGS=aot_graphs output.",
                    TorchPatchWarning,
                    stacklevel=2,
                )
        if applied:
            graph.eliminate_dead_code()
            graph.lint()

    def uuid(self) -> str:
        return f"torch_patch.{type(self).__name__}:{self.policy}:{_source_hash()}"


def _is_joint_graph(graph: torch.fx.Graph) -> bool:
    """A forward+backward graph that the partitioner will cut: it has tangent inputs (named as
    AOTAutograd names them, which is also how its partitioner recognises them)."""
    return any(_is_tangent(n) for n in graph.nodes)


def _is_tangent(node: torch.fx.Node) -> bool:
    return node.op == "placeholder" and "tangents" in str(node.target)


def _site_nodes(plan: ReductionRewrite) -> list[torch.fx.Node]:
    """The nodes a site's rewrite starts from: the selected-from value, the selection and its chain to each
    comparison, the comparisons and the ``isnan`` masks (``GraphUndo`` logs them and their readers)."""
    return [plan.reduced, *_selection_nodes(plan), *(cmp for cmp, _ in plan.mask_operands), *plan.nan_operands]


def _backward_compares(reads: set[torch.fx.Node], plan: ReductionRewrite) -> bool:
    """Whether a backward node reads (``reads``: ``_ancestors_of_backward``), directly or not, the plan's
    selection or one of its comparisons."""
    site = [*_selection_nodes(plan), *(eq for eq, _ in plan.mask_operands), *plan.nan_operands]
    return any(node in reads for node in site)


def _ancestors_of_backward(graph: torch.fx.Graph) -> set[torch.fx.Node]:
    """Every node a backward node reads, directly or not (backward nodes: those that depend on a
    tangent); a node outside this set runs in the forward only, whatever the partitioner decides."""
    backward: set[torch.fx.Node] = set()
    for node in graph.nodes:  # topological order: a node's inputs come first
        if node.op == "output":  # it returns the forward's outputs too: not a reader of them
            continue
        if _is_tangent(node) or any(
            arg in backward for arg in node.all_input_nodes
        ):
            backward.add(node)
    ancestors: set[torch.fx.Node] = set()
    stack = [arg for node in backward for arg in node.all_input_nodes if arg not in backward]
    while stack:
        node = stack.pop()
        if node not in ancestors:
            ancestors.add(node)
            stack.extend(node.all_input_nodes)
    return ancestors


def _memory_budget() -> float:
    """``torch._functorch.config.activation_memory_budget`` as a float (the pass first rejects a value that is not
    a number in [0, 1] with a clear error)."""
    from torch._functorch import config as functorch_config

    return float(functorch_config.activation_memory_budget)


def _check_memory_budget() -> None:
    """Raise a clear ValueError for a partitioner memory budget that is not a number in [0, 1].

    The partitioner rejects most such values itself, some with a message that does not name the option
    (``'>' not supported between instances of 'str' and 'int'``); NaN it rejects only in some graphs.  A
    graph the fix rewrites always gets this one sentence instead, before anything is partitioned.
    """
    import math
    import numbers

    from torch._functorch import config as functorch_config

    budget = functorch_config.activation_memory_budget
    if isinstance(budget, bool) or not isinstance(budget, numbers.Real) or math.isnan(budget) or not 0 <= budget <= 1:
        raise ValueError(
            f"torch._functorch.config.activation_memory_budget must be a number from 0 (recompute all it can) "
            f"to 1 (the default), got {budget!r}"
        )


def _graph_name(graph: torch.fx.Graph) -> str:
    """The compile id (``[frame/attempt]``, as in TORCH_LOGS output) when known, else the graph id."""
    try:
        from torch._guards import CompileContext

        compile_id = CompileContext.current_compile_id()
    except Exception:  # noqa: BLE001 - naming is best effort
        compile_id = None
    return f"[{compile_id}]" if compile_id is not None else f"graph@{id(graph):#x}"
