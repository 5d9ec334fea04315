"""The fix's Inductor patches: what a rewritten graph needs of Inductor's lowering, scheduler, C++ code
generation and partitioner.  Each acts only on graphs the pass (``torch_patch.graph``) rewrote.

Every patch is a module here with ``install()``, ``uninstall()``, ``is_installed()`` and ``missing_internals()``;
``PATCHES`` lists them in the order they are installed (uninstalled in reverse).  A *required* patch's missing
internals stop ``torch_patch.install()`` (the fix would be wrong without it); an optional one installs as False
with a log warning, and the fix stays exact, only slower or keeping more memory.  Patches of one backend's code
generation live in that backend's folder (``cpp/``); the Triton backend needs none (the rounding that Triton
needs is in the lowering of ``materialize``, ``materialize_lowering.keeps_unrounded_values``).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from torch_patch import compat


@dataclass(frozen=True)
class Patch:
    """One Inductor patch: its module (under ``torch_patch.inductor``), whether the fix needs it, and why."""

    module: str
    required: bool
    what: str

    def load(self) -> ModuleType:
        return importlib.import_module(f"{__name__}.{self.module}")


#: The fix's Inductor patches, in the order they are installed.  ``torch_patch.install()`` installs all or none.
PATCHES = (
    Patch("materialize_lowering", True, "the lowering of torch_patch::materialize (rounded on Triton)"),
    Patch("cpp.fusion", False, "C++: M's store fused into its reduction loop"),
    Patch("mutation_deps", True, "torch < 2.14: backport of PyTorch #185873 (scheduler mutation renames)"),
    Patch("reduction_loops", True, "reductions of M kept as loops (marked by graph.loop_marks)"),
    Patch("cpp.local_reductions", False, "C++: per-row results in one-element local buffers"),
    Patch("partitioner_ops", False, "an untagged copy is recomputable by the min-cut"),
    Patch("partition_guard", False, "comparisons keep a recomputed selection through the partitioner's tag rewrites"),
)


def patch_modules() -> list[ModuleType]:
    """The modules of ``PATCHES``, in order."""
    return [patch.load() for patch in PATCHES]


def missing_internals() -> list[str]:
    """What this torch lacks that the fix needs: the rewrite's internals (``compat.missing_internals``) and those
    of every required patch (empty when the fix can be installed)."""
    missing = compat.missing_internals()
    for patch in PATCHES:
        if patch.required:
            missing.extend(patch.load().missing_internals())
    return missing
