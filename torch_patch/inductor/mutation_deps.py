"""Backport for torch < 2.14: a scheduler node keeps its reads of mutated buffers when its loops are re-derived.

Why: Inductor's C++ backend fuses two pointwise nodes of compatible ranges (``(n,)`` with ``(a, b)``,
``a * b == n``) by re-deriving one node's loops (``SchedulerNode.recompute_size_and_body``), which
re-extracts its reads from the loop body.  The body names a buffer that a fallback kernel mutates later
(``aten.scatter_reduce_.two(buf5, ..., 'sum')``) by its original name, ``buf5``; the scheduler had
renamed that read to the mutation's output (``buf7``), which is what orders the reader after the
fallback.  torch 2.13 re-applies these renames only to nodes that also carry fake (weak/star)
dependencies, so a plain reader forgets them: it then looks like a reader of the *unmutated* ``buf5``,
fuses into the kernel that initialises ``buf5``, and reads it before the fallback completes it.

Where the fix meets it: the backward of ``scatter_reduce``/``index_reduce`` amax/amin counts ties
with ``scatter_add`` (a ``scatter_reduce_`` fallback on multi-threaded CPU) and divides by the count.
With both ``self`` and ``src`` materialized, the count's reader and its initialiser read the same
stored buffers, fuse, and the count is read as the initial mask only: 0/0, a NaN gradient (found by
the fuzzer, seed 2029: ``scatter_reduce_`` with a computed ``self`` after a one-column ``bmm``).  The
same stock bug gives wrong ``max_pool2d`` gradients (PyTorch #185509).

The fix upstream (PyTorch #185873, in torch 2.14) re-applies the node's ``mutation_renames`` after
every recomputation.  This module does the same on torch < 2.14, and only that: a node without
mutation renames, and every node on torch >= 2.14, is untouched, so graphs with no mutated buffer
compile exactly as before.  Installed and removed with the fix (``torch_patch.install``).

What older torch does (read in each version's ``torch/_inductor/scheduler.py``):

* 2.12, 2.13: ``recompute_size_and_body`` re-adds a node's fake deps and re-applies its renames, but
  only for nodes that have fake deps; the wrapper renames the others.
* 2.9 to 2.11: ``recompute_size_and_body`` re-derives the reads and re-applies nothing (fake deps are
  dropped too); the wrapper re-applies the renames of every node that has some.  It does not restore
  dropped fake deps: that is a different upstream change, and stock behaviour is kept there.
* 2.8: nodes keep no record of their renames (``update_mutated_names`` renames the reads in place and
  stores nothing), so there is nothing to re-apply: ``missing_internals()`` says so and
  ``torch_patch.install`` refuses to install the fix on such a torch.
"""

from __future__ import annotations

import functools
import logging

from torch_patch.compat import torch_version_tuple
from torch_patch.inductor.method_patch import MethodPatch

log = logging.getLogger(__name__)

#: The first torch minor version whose ``recompute_size_and_body`` keeps mutation renames itself.
FIXED_UPSTREAM_IN = (2, 14)
#: The first torch minor version whose ``recompute_size_and_body`` re-applies the renames of nodes with
#: fake (weak/star) deps (together with those deps); before it, no node's renames are re-applied.
RENAMES_KEPT_WITH_FAKE_DEPS_SINCE = (2, 12)
#: The first torch minor version whose scheduler nodes record their renames (``mutation_renames``).
NODE_RENAMES_SINCE = (2, 9)

#: ``SchedulerNode.recompute_size_and_body``, wrapped while the fix is installed (torch < 2.14).
_patch = MethodPatch("recompute_size_and_body")


def needed(version: str | None = None) -> bool:
    """True on a torch whose scheduler forgets mutation renames when it re-derives a node's loops."""
    return torch_version_tuple(version) < FIXED_UPSTREAM_IN


def missing_internals(version: str | None = None) -> list[str]:
    """What this torch lacks for the backport (empty when it can be installed, or is not needed)."""
    if not needed(version):
        return []
    if torch_version_tuple(version) < NODE_RENAMES_SINCE:
        return ["torch._inductor.scheduler.BaseSchedulerNode.mutation_renames (per-node renames, torch >= 2.9)"]
    from torch._inductor.scheduler import SchedulerNode

    return [
        f"torch._inductor.scheduler.SchedulerNode.{name}"
        for name in ("recompute_size_and_body", "set_read_writes")
        if not hasattr(SchedulerNode, name)
    ]


def _keeping_mutation_renames(original, torch_keeps_fake_dep_nodes: bool):
    from torch._inductor.dependencies import StarDep, WeakDep

    @functools.wraps(original)
    def recompute_size_and_body(self, *args, **kwargs):
        # torch 2.12/2.13 re-apply the renames themselves when the node has fake deps: skip those there.
        skip = torch_keeps_fake_dep_nodes and any(isinstance(dep, (WeakDep, StarDep)) for dep in self.read_writes.reads)
        result = original(self, *args, **kwargs)
        if self.mutation_renames and not skip:
            self.set_read_writes(self.read_writes.rename(self.mutation_renames))
        return result

    return recompute_size_and_body


def install() -> bool:
    """Wrap ``SchedulerNode.recompute_size_and_body`` where torch needs it (idempotent).  Returns True
    when the wrapper is in place; False on torch >= 2.14 (nothing to do) or without the internals."""
    if _patch.installed:
        return True
    if not needed():
        return False
    missing = missing_internals()
    if missing:
        log.warning(
            "torch_patch: this torch lacks %s; the mutation-rename backport (PyTorch #185873) is not installed.",
            ", ".join(missing),
        )
        return False
    from torch._inductor.scheduler import SchedulerNode

    keeps_fake_dep_nodes = torch_version_tuple() >= RENAMES_KEPT_WITH_FAKE_DEPS_SINCE
    _patch.install(SchedulerNode, lambda original: _keeping_mutation_renames(original, keeps_fake_dep_nodes))
    log.debug("torch_patch: backported PyTorch #185873 (mutation renames kept when loops are re-derived)")
    return True


def uninstall() -> bool:
    """Restore the original method; False if it was not installed."""
    return _patch.uninstall()


def is_installed() -> bool:
    return _patch.installed
