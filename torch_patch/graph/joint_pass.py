"""The joint-graph pass: plan, then rewrite each site under an undo log (``MaterializeEqualityMaskReductions``).

What the pass is and why: ``torch_patch.graph`` (the package docstring).  Its ``uuid()`` hashes the files of
``CODE_FILES``, so Inductor's caches never serve a kernel compiled by another version of the fix.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import warnings
from pathlib import Path

import torch
import torch.fx
from torch._inductor.custom_graph_pass import CustomGraphPass

from torch_patch.errors import TorchPatchWarning
from torch_patch.graph.graph_undo import GraphUndo
from torch_patch.graph.placement import POLICY_RECOMPUTE, POLICY_SAVE, check_policy, memory_budget
from torch_patch.graph.plan import plan_rewrites, site_nodes
from torch_patch.graph.rewrite import GraphFacts, apply_rewrites, graph_facts, graph_name

log = logging.getLogger(__name__)


#: The files whose code decides what a rewritten graph compiles to (the pass, what it imports, the Inductor
#: patches of ``torch_patch.inductor.PATCHES``), relative to the package's folder.  Inductor's caches key on
#: their contents (``uuid``).  Listed, not globbed: a file moved into a folder would otherwise drop out of the
#: key without a sound; ``test/test_cache.py`` checks the list against what the pass and the patches import.
CODE_FILES = (
    "graph/__init__.py", "graph/ops.py", "graph/materialize.py", "graph/plan.py", "graph/placement.py",
    "graph/rewrite.py", "graph/loop_marks.py", "graph/mask_bits.py", "graph/graph_undo.py", "graph/sites.py",
    "graph/joint_pass.py", "compat.py", "errors.py", "inductor/__init__.py", "inductor/method_patch.py",
    "inductor/materialize_lowering.py", "inductor/mutation_deps.py", "inductor/reduction_loops.py",
    "inductor/partitioner_ops.py", "inductor/partition_guard.py", "inductor/cpp/__init__.py",
    "inductor/cpp/fusion.py", "inductor/cpp/local_reductions.py",
)


@functools.lru_cache(maxsize=1)
def _source_hash() -> str:
    """Hash of the files of ``CODE_FILES`` (``get_hash_for_files``, Inductor's helper, where torch has it)."""
    package = Path(__file__).resolve().parent.parent
    paths = tuple(str(package / name) for name in CODE_FILES)
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
        if plans and partitioned and policy == POLICY_SAVE and memory_budget() < 1.0:
            log.debug(
                "torch_patch: policy 'save' with activation_memory_budget %s < 1: the partitioner was asked "
                "for memory, so the copies are recomputed in the backward ('recompute')",
                memory_budget(),
            )
            policy = POLICY_RECOMPUTE
        for node, exc in errors:
            warnings.warn(
                f"torch_patch: could not analyse reduction {node.name} ({node.target}) in graph "
                f"{graph_name(graph)}: {exc!r}. Its gradient is compiled as stock torch compiles it "
                "(possibly wrong). Please report this with TORCH_LOGS=aot_graphs output.",
                TorchPatchWarning,
                stacklevel=2,
            )
        applied = []
        for plan in plans:
            # A site whose rewrite fails is put back node for node: it is then compiled as stock compiles it.
            undo = GraphUndo(graph, site_nodes(plan))
            try:
                with undo:
                    apply_rewrites(graph, [plan], policy, facts)
                applied.append(plan)
            except Exception as exc:  # noqa: BLE001 - a fix must never break a compile
                undo.rollback()
                warnings.warn(
                    f"torch_patch: could not rewrite reduction {plan.reduction.name} in graph "
                    f"{graph_name(graph)}: {exc!r}. Its gradient is compiled as stock torch compiles it "
                    "(possibly wrong). Please report this with TORCH_LOGS=aot_graphs output.",
                    TorchPatchWarning,
                    stacklevel=2,
                )
        if applied:
            graph.eliminate_dead_code()
            graph.lint()

    def uuid(self) -> str:
        return f"torch_patch.{type(self).__name__}:{self.policy}:{_source_hash()}"


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
