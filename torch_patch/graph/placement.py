"""Placement: where a rewritten site's stored copy, selections and masks live for the backward.

The rewrite (``rewrite.apply_rewrites``) routes the selection and its masks through one ``M``; this module
decides, by policy and by what the user's checkpoint regions ask, which of those nodes the partitioner must
recompute together and which it must keep (``tag_site``), so that no comparison pairs a recomputed ``M'``
with a saved selection.
"""

from __future__ import annotations

import torch
import torch.fx

from torch_patch import compat
from torch_patch.graph.ops import SELECTED_VALUES_OPS
from torch_patch.graph.plan import ReductionRewrite, autograd_masks, selection_nodes

aten = torch.ops.aten


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


def user_recomputes(node: torch.fx.Node) -> bool:
    """Whether an activation-checkpoint region (or the user's policy) asked to recompute ``node``."""
    from torch.utils.checkpoint import CheckpointPolicy

    return node.meta.get("recompute") in (CheckpointPolicy.MUST_RECOMPUTE, CheckpointPolicy.PREFER_RECOMPUTE)


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
UNRECOMPUTED_SELECTIONS = frozenset(SELECTED_VALUES_OPS) - {aten.max.dim, aten.min.dim}


def packs_masks(plan: ReductionRewrite) -> bool:
    """Whether the plan's masks are saved as bits instead of recomputed: a fallback selection whose
    comparisons are all its own autograd masks, of static shape."""
    from torch_patch.graph import mask_bits

    if plan.reduction.target not in _FALLBACK_SELECTIONS:
        return False
    masks = autograd_masks(plan)
    return len(masks) == len(plan.mask_operands) + len(plan.nan_operands) and all(mask_bits.packable(n) for n in masks)


def tag_site(plan: ReductionRewrite, m: torch.fx.Node, policy: str, backward_reads: set[torch.fx.Node]) -> str:
    """Tag ``M`` and the plan's selections for the partitioner by ``policy``; returns the policy applied.

    A site is saved when the policy says so.  A selection the user's checkpoint policy keeps stays kept, and
    its comparisons get a recomputed chain of their own (``repair_sites``), so that no comparison pairs a
    recomputed ``M'`` with a saved selection.  A saved ``M`` stays saved when a later plan over the same
    ``M`` (``aminmax``, a Chamfer loss) is applied: the tags only ever move a site from recompute to save,
    which is exact either way.
    """
    from torch.utils.checkpoint import CheckpointPolicy

    selections = selection_nodes(plan)
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


def memory_budget() -> float:
    """``torch._functorch.config.activation_memory_budget`` as a float (the pass first rejects a value that is not
    a number in [0, 1] with a clear error)."""
    from torch._functorch import config as functorch_config

    return float(functorch_config.activation_memory_budget)
