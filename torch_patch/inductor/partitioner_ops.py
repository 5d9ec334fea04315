"""Let the min-cut partitioner recompute an untagged ``torch_patch::materialize`` as it recomputes ``X``.

Why: the partitioner recomputes only ops on its allowlist (``get_default_op_list``; torch's
``ban_recompute_not_in_allowlist`` is on by default), and a custom op is not on it.  A site the pass leaves
untagged (a tie count or one-hot of the max that only the forward reads, ``torch_patch.graph.rewrite.apply_rewrites``)
is where that mattered: ``M`` could not be recomputed, so for ``M``'s other readers the partitioner saved
what they compute instead of ``X``'s inputs.  On the bf16 tie count of PyTorch #195214 at 4096x1024 it
saved the softmax output, a new 8 MB allocation, where stock keeps ``x`` (an input, already allocated) and
the softmax statistics: step peak 33.6 MB against stock's 25.3 MB.  With the untagged copy recomputable
and fusible (as every pointwise op on the allowlist is), the saved set and the peak are stock's
(measured: 8,443,906 B saved and 25,260,032 B peak, both equal to stock's).

Only untagged copies: a tagged site (``MUST_RECOMPUTE``/``MUST_SAVE``, ``torch_patch.graph.placement.tag_site``)
already says where its copy lives, and there the op stays what it is for Inductor, a store (the backward
keeps ``M'`` in a per-row buffer).  Made fusible for every site, the partitioner's cost model saw the
producer of a tagged copy as free to recompute and moved ``(x * y).amin(-1)``'s backward from reading a
saved product to storing a recomputed one in a loop of its own (codegen snapshot ``mul_amin_bf16_16x7``).

Exactness is unchanged: an untagged site's selection and comparisons are read only by the forward, where
they read the forward's ``M``; a recomputed ``M'`` in the backward feeds only readers that stock feeds a
recomputed ``X'`` (the softmax backward), which need no exact copy.
"""

from __future__ import annotations

import dataclasses
import functools
import logging

import torch

from torch_patch.inductor.method_patch import MethodPatch

log = logging.getLogger(__name__)

_patch = MethodPatch("get_default_op_list")


def _untagged_copy(node) -> bool:
    from torch_patch.graph.materialize import materialize_overload

    return getattr(node, "target", None) is materialize_overload() and "recompute" not in node.meta


@functools.cache
def _op_types_class(base: type) -> type:
    """``base`` (torch's ``OpTypes``) with untagged copies recomputable and fusible."""

    class OpTypes(base):
        def is_fusible(self, node) -> bool:
            return _untagged_copy(node) or super().is_fusible(node)

        def is_recomputable(self, node) -> bool:
            return _untagged_copy(node) or super().is_recomputable(node)

    return OpTypes


def _with_untagged_copies(op_types):
    """A copy of the partitioner's ``OpTypes`` (the same op sets) that recomputes untagged copies."""
    fields = {f.name: getattr(op_types, f.name) for f in dataclasses.fields(op_types)}
    return _op_types_class(type(op_types))(**fields)


def missing_internals() -> list[str]:
    """What the patch wraps: the partitioner's ``get_default_op_list``, returning an ``OpTypes`` dataclass with
    ``is_fusible`` and ``is_recomputable`` (optional: without it ``install`` is False)."""
    from torch._functorch import partitioners

    original = getattr(partitioners, "get_default_op_list", None)
    op_types = original() if callable(original) else None
    if dataclasses.is_dataclass(op_types) and all(hasattr(op_types, m) for m in ("is_fusible", "is_recomputable")):
        return []
    return ["torch._functorch.partitioners.get_default_op_list (an OpTypes with is_fusible and is_recomputable)"]


def install() -> bool:
    """Wrap ``torch._functorch.partitioners.get_default_op_list`` (idempotent).  False, with a warning in
    the log, on a torch without it: the fix stays exact, and only untagged sites may keep more memory."""
    if _patch.installed:
        return True
    from torch._functorch import partitioners

    if missing_internals():
        log.warning(
            "torch_patch: torch %s has no partitioner op list (get_default_op_list) to extend; a tie count "
            "that only the forward reads may keep more memory for the backward than stock compile.",
            torch.__version__,
        )
        return False

    def make_wrapper(original):
        @functools.wraps(original)
        def get_default_op_list():
            return _with_untagged_copies(original())

        return get_default_op_list

    _patch.install(partitioners, make_wrapper)
    return True


def uninstall() -> bool:
    """Restore the partitioner's op list; False if it was not installed."""
    return _patch.uninstall()


def is_installed() -> bool:
    return _patch.installed
