"""The rewrite: route a planned site's selection and masks through one stored copy ``M = materialize(X)``.

``apply_rewrites`` mutates the graph (the caller, ``joint_pass``, logs every change first with ``GraphUndo``
so a failed site is put back node for node); ``graph_facts`` reads what the rewrite needs of the whole graph
once per graph.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import torch
import torch.fx

from torch_patch import compat
from torch_patch.graph import loop_marks, sites
from torch_patch.graph.materialize import materialize_overload
from torch_patch.graph.placement import (
    POLICY_BITS,
    POLICY_MASKS,
    POLICY_RECOMPUTE,
    POLICY_SAVE,
    UNRECOMPUTED_SELECTIONS,
    check_policy,
    memory_budget,
    packs_masks,
    tag_site,
    user_recomputes,
)
from torch_patch.graph.plan import ReductionRewrite, autograd_masks, selection_nodes

log = logging.getLogger(__name__)


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


def _save_masks_as_bits(graph: torch.fx.Graph, plan: ReductionRewrite, position=None) -> None:
    """Pack each distinct autograd mask of ``plan`` once: two ``eq`` nodes of the same operands (the
    backward formula builds both before the partitioner's CSE) share one packed copy."""
    from torch_patch.graph import mask_bits

    groups: dict[tuple, list[torch.fx.Node]] = {}
    for mask in autograd_masks(plan):
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
    from torch_patch.graph.mask_bits import NodeOrder

    partitioned = _is_joint_graph(graph)
    return GraphFacts(partitioned, _ancestors_of_backward(graph) if partitioned else set(), NodeOrder(graph))


def apply_rewrites(
    graph: torch.fx.Graph, plans: list[ReductionRewrite], policy: str = POLICY_RECOMPUTE, facts: GraphFacts | None = None
) -> int:
    """Apply planned rewrites; returns the number of reductions rewritten.

    The reduction and its masks read one materialized value ``M``; where ``M`` lives for the backward
    is ``policy``'s (see ``POLICIES`` and ``tag_site``): ``M`` and ``R`` recomputed together, the
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
            and packs_masks(plan)
            and not _has_materialized(plan.reduced)
            and memory_budget() >= 1.0
        )
        # A selection stock never recomputes is not recomputed for a mask either (UNRECOMPUTED_SELECTIONS);
        # below budget 1 the site is recomputed as the others are (the partitioner was asked for memory).
        # Inside an activation-checkpointed region the user asked for the selection to be recomputed, and
        # stock recomputes it there: keeping the masks would keep a bool stock does not.
        masks = (
            policy == POLICY_RECOMPUTE
            and partitioned
            and plan.reduction.target in UNRECOMPUTED_SELECTIONS
            and memory_budget() >= 1.0
            and not user_recomputes(plan.reduction)
        )
        # A site whose selection and comparisons only the forward reads (a user's tie count or one-hot of
        # the max: a bool has no gradient) needs nothing from the partitioner: no tag (see below).
        forward_only = partitioned and not _backward_compares(backward_reads, plan)
        m = _materialized(graph, plan.reduced)
        if bits:
            # Only the selection and its masks read the copy, which stays in the forward (see tag_site):
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
        for mask_node in autograd_masks(plan) if policy == POLICY_SAVE else ():
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
            plan.policy = tag_site(
                plan, m, POLICY_BITS if bits else POLICY_MASKS if masks else policy, backward_reads
            )
        if plan.policy == POLICY_BITS:
            _save_masks_as_bits(graph, plan, facts.position)
        loop_marks.rewrite_counts_and_sweeps(plan.reduction, [cmp for cmp, _ in plan.mask_operands])
        # The user-facing INFO line (file:line and the op as written) and torch_patch.check's list of
        # sites; the FX-level detail below is DEBUG.  Package-only: upstream/make_patch.py cuts it.
        sites.report_rewrite(graph, plan)
        log.debug(
            "torch_patch: graph %s: materialized %s (%s, %s) for %s (%s) and its comparison(s) %s: "
            "the reduction and the mask now read the same stored values, instead of a recomputed %s",
            graph_name(graph),
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


def _is_joint_graph(graph: torch.fx.Graph) -> bool:
    """A forward+backward graph that the partitioner will cut: it has tangent inputs (named as
    AOTAutograd names them, which is also how its partitioner recognises them)."""
    return any(_is_tangent(n) for n in graph.nodes)


def _is_tangent(node: torch.fx.Node) -> bool:
    return node.op == "placeholder" and "tangents" in str(node.target)


def _backward_compares(reads: set[torch.fx.Node], plan: ReductionRewrite) -> bool:
    """Whether a backward node reads (``reads``: ``_ancestors_of_backward``), directly or not, the plan's
    selection or one of its comparisons."""
    site = [*selection_nodes(plan), *(eq for eq, _ in plan.mask_operands), *plan.nan_operands]
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


def graph_name(graph: torch.fx.Graph) -> str:
    """The compile id (``[frame/attempt]``, as in TORCH_LOGS output) when known, else the graph id."""
    try:
        from torch._guards import CompileContext

        compile_id = CompileContext.current_compile_id()
    except Exception:  # noqa: BLE001 - naming is best effort
        compile_id = None
    return f"[{compile_id}]" if compile_id is not None else f"graph@{id(graph):#x}"
