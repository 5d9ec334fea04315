"""Which torch versions the fix supports, and a check that the internals it relies on exist.

The fix uses these Inductor/PyTorch internals: ``config.joint_custom_post_pass`` (a joint-graph hook
whose ``uuid()`` keys the FX-graph and AOTAutograd caches), ``torch._inductor.lowering.register_lowering``
(to lower ``torch_patch::materialize``) and ``torch.utils.checkpoint.CheckpointPolicy`` (to keep the
stored copy saved and the masks recomputed).  If any is missing, installing would be a silent no-op at
best, so ``install()`` warns and leaves torch untouched instead.  The C++ fusion rule
(``torch_patch.cpp_fusion``) checks its own internals; without them the fix still installs, and only
its forward takes a second pass.
"""

from __future__ import annotations

import importlib

import torch

#: Versions on which the test-suite was run (README "Tested versions").
TESTED_VERSIONS = ("2.13.0", "2.14.1", "2.15.0")
#: The declared compatible range (setup.py ``install_requires``).
MIN_VERSION = (2, 13)
MAX_VERSION_EXCLUSIVE = (2, 16)


def torch_version_tuple(version: str | None = None) -> tuple[int, int]:
    """``"2.13.0+cpu"`` -> ``(2, 13)``."""
    parts = (version or torch.__version__).split("+")[0].split(".")
    return int(parts[0]), int(parts[1])


def missing_internals() -> list[str]:
    """Names of the torch internals the fix needs that this torch lacks (empty when all exist)."""
    missing = []
    for module, attr in (
        ("torch._inductor.config", "joint_custom_post_pass"),
        ("torch._inductor.custom_graph_pass", "CustomGraphPass"),
        ("torch._inductor.custom_graph_pass", "get_custom_graph_passes"),
        ("torch._inductor.lowering", "register_lowering"),
        ("torch.utils.checkpoint", "CheckpointPolicy"),
        ("torch.library", "custom_op"),
    ):
        try:
            if not hasattr(importlib.import_module(module), attr):
                missing.append(f"{module}.{attr}")
        except ImportError:
            missing.append(f"{module}.{attr}")
    return missing


def version_in_range(version: str | None = None) -> bool:
    return MIN_VERSION <= torch_version_tuple(version) < MAX_VERSION_EXCLUSIVE
