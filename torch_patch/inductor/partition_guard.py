"""Keep every comparison with its selection on the copy's side of the cut, through the partitioner's own tag rewrites.

Why it exists: the pass tags a site's copy ``M`` and its selection chain (``R = red(M)`` and the views or
gathers between ``R`` and each comparison) ``MUST_RECOMPUTE``, so that a backward that needs the mask
recomputes ``M'`` and ``R' = red(M')`` together (``torch_patch.graph.placement.tag_site``).  The min-cut partitioner
then rewrites tags itself before it cuts, after the pass ran:

- ``cleanup_recompute_tags`` turns a ``MUST_RECOMPUTE`` node that has a ``MUST_RECOMPUTE`` user in a *later*
  activation-checkpointed region into ``MUST_SAVE`` (it stashes a region's output at the boundary), and a
  node with a backward hook and no recomputed user too;
- its CSE (``fx_graph_cse``, before that) merges two identical selections into the first, whose tags
  (possibly none) the comparisons then read;
- a user's selective-checkpoint policy, or ``force_save_bw_mutation_src``, saves a node of the chain.

Any of these leaves a comparison in the backward reading a saved ``R`` next to a recomputed ``M'``: the
pairing the design forbids.  Measured (torch 2.13.0, fix installed, before this module):
``checkpoint(b2, checkpoint(b1, x))`` with ``b1 = sin(3x).amax(-1, keepdim=True)``, ``b2 = sin(2r) + r``,
512x37 bf16: 18,265 of 18,944 gradient elements NaN (stock: 18,944).

The rule here, applied after each of those rewrites (``install`` wraps ``cleanup_recompute_tags`` and
``force_save_bw_mutation_src``): for every copy ``M`` still ``MUST_RECOMPUTE`` and every comparison that
reads ``M``, if a node of the chain between the comparison and its selection of ``M`` is no longer
recomputed, the comparison gets a chain of its own: a copy of the selection and of each node down to the
comparison, reading ``M``, tagged ``MUST_RECOMPUTE`` in the original's region.  The original chain keeps
whatever its other readers and the partitioner made of it (saved at the boundary, as stock saves it), and the
comparison reads ``R'`` of the same ``M'``.  Nothing more is saved than the partitioner chose to save; where the
comparison is computed in the forward (a user's mask), the forward reduces ``M`` once more for it (Inductor
fuses the two into one loop where it can).  Running after the partitioner's CSE, the copies are not merged back.
"""

from __future__ import annotations

import functools
import logging
import operator

import torch
import torch.fx

from torch_patch.inductor.method_patch import MethodPatch

log = logging.getLogger(__name__)

#: The partitioner's functions after which tags are final, each wrapped to repair the sites after it runs.
_PATCHES = {name: MethodPatch(name) for name in ("cleanup_recompute_tags", "force_save_bw_mutation_src")}


def _recomputed(node: torch.fx.Node) -> bool:
    from torch.utils.checkpoint import CheckpointPolicy

    return node.meta.get("recompute") in (CheckpointPolicy.MUST_RECOMPUTE, CheckpointPolicy.PREFER_RECOMPUTE)


def _chain_to_selection(value: object, m: torch.fx.Node) -> list[torch.fx.Node] | None:
    """The nodes from a comparison's operand ``value`` back to a selection of ``m`` (the operand first, the
    selecting op last), through views, index reads and a ``values`` getitem; None if ``value`` is not a
    value selected from ``m``."""
    from torch_patch.graph.ops import RESULT_READS, selected_positions

    chain: list[torch.fx.Node] = []
    while isinstance(value, torch.fx.Node) and value.op == "call_function":
        chain.append(value)
        if any(value.args[p] is m for p in selected_positions(value) if p < len(value.args)):
            return chain
        if value.target is operator.getitem and value.args[1] == 0:
            value = value.args[0]
        elif value.target in RESULT_READS:
            value = value.args[0]
        else:
            return None
    return None


def repair_sites(graph: torch.fx.Graph) -> int:
    """Give each comparison whose selection chain is no longer recomputed, next to a recomputed copy, a
    recomputed chain of its own (module docstring).  Returns the number of comparisons rerouted."""
    from torch_patch.graph.materialize import materialize_overload
    from torch_patch.graph.ops import COMPARISON_OPS

    copies = [n for n in graph.nodes if n.op == "call_function" and n.target is materialize_overload() and _recomputed(n)]
    rerouted = 0
    for m in copies:
        own_chains: dict[torch.fx.Node, torch.fx.Node] = {}
        for cmp in list(m.users):
            if cmp.target not in COMPARISON_OPS:
                continue
            for idx in (0, 1):
                if cmp.args[idx] is not m:
                    continue
                chain = _chain_to_selection(cmp.args[1 - idx], m)
                if chain is None or all(_recomputed(n) for n in chain):
                    continue
                cmp.update_arg(1 - idx, _own_chain(graph, chain, own_chains))
                rerouted += 1
                log.debug(
                    "torch_patch: comparison %s read %s, which the partitioner no longer recomputes next to the "
                    "recomputed copy %s: it reads a recomputed copy of that chain instead",
                    cmp.name, [n.name for n in chain if not _recomputed(n)], m.name,
                )
    if rerouted:
        graph.lint()
    return rerouted


def _own_chain(graph: torch.fx.Graph, chain: list[torch.fx.Node], done: dict) -> torch.fx.Node:
    """Copies of ``chain``'s nodes (selection first), each right after its original, tagged
    ``MUST_RECOMPUTE`` in the original's region; returns the copy of ``chain[0]``.  ``done`` maps originals
    to copies already made, so comparisons sharing a chain share its copy."""
    from torch.utils.checkpoint import CheckpointPolicy

    for node in reversed(chain):
        if node in done:
            continue
        with graph.inserting_after(node):
            copy = graph.node_copy(node, lambda arg: done.get(arg, arg))
        copy.meta["recompute"] = CheckpointPolicy.MUST_RECOMPUTE
        done[node] = copy
    return done[chain[0]]


def missing_internals() -> list[str]:
    """What the guard follows: the partitioner's ``cleanup_recompute_tags`` (optional: without it ``install`` is
    False, with a warning)."""
    from torch._functorch import partitioners

    if callable(getattr(partitioners, "cleanup_recompute_tags", None)):
        return []
    return ["torch._functorch.partitioners.cleanup_recompute_tags"]


def install() -> bool:
    """Wrap the partitioner's tag rewrites so that ``repair_sites`` runs after each (idempotent).  False, with a
    warning, where torch has neither: the fix is then exact only where no checkpoint boundary or CSE moves a
    selection."""
    from torch._functorch import partitioners

    if missing_internals():
        log.warning(
            "torch_patch: torch %s has no partitioners.cleanup_recompute_tags to follow; a selection read across "
            "activation-checkpoint regions may be saved while its copy is recomputed.",
            torch.__version__,
        )
        return False
    for name in _PATCHES:
        if callable(getattr(partitioners, name, None)):
            _PATCHES[name].install(partitioners, _repairing)
    return True


def _repairing(original):
    @functools.wraps(original)
    def wrapper(joint_module, *args, **kwargs):
        result = original(joint_module, *args, **kwargs)
        module = result if isinstance(result, torch.fx.GraphModule) else joint_module
        repair_sites(module.graph)
        return result

    return wrapper


def uninstall() -> bool:
    return any([patch.uninstall() for patch in _PATCHES.values()])


def is_installed() -> bool:
    return _PATCHES["cleanup_recompute_tags"].installed
