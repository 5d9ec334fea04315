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
"""

from __future__ import annotations

import functools
import logging

from torch_patch.compat import torch_version_tuple
from torch_patch.method_patch import MethodPatch

log = logging.getLogger(__name__)

#: The first torch minor version whose ``recompute_size_and_body`` keeps mutation renames itself.
FIXED_UPSTREAM_IN = (2, 14)

#: ``SchedulerNode.recompute_size_and_body``, wrapped while the fix is installed (torch < 2.14).
_patch = MethodPatch("recompute_size_and_body")


def needed(version: str | None = None) -> bool:
    """True on a torch whose scheduler forgets mutation renames when it re-derives a node's loops."""
    return torch_version_tuple(version) < FIXED_UPSTREAM_IN


def _keeping_mutation_renames(original):
    from torch._inductor.dependencies import StarDep, WeakDep

    @functools.wraps(original)
    def recompute_size_and_body(self, *args, **kwargs):
        # torch 2.13 re-applies the renames itself when the node has fake deps: do it only otherwise.
        had_fake_deps = any(isinstance(dep, (WeakDep, StarDep)) for dep in self.read_writes.reads)
        result = original(self, *args, **kwargs)
        if self.mutation_renames and not had_fake_deps:
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
    from torch._inductor.scheduler import SchedulerNode

    if not all(hasattr(SchedulerNode, name) for name in ("recompute_size_and_body", "set_read_writes")):
        log.warning(
            "torch_patch: this torch lacks SchedulerNode.recompute_size_and_body/set_read_writes; the "
            "mutation-rename backport (PyTorch #185873) is not installed."
        )
        return False
    _patch.install(SchedulerNode, _keeping_mutation_renames)
    log.info("torch_patch: backported PyTorch #185873 (mutation renames kept when loops are re-derived)")
    return True


def uninstall() -> bool:
    """Restore the original method; False if it was not installed."""
    return _patch.uninstall()


def is_installed() -> bool:
    return _patch.installed
