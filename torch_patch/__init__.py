"""torch_patch: correct gradients of value-selecting ops (amin/amax, max()/min()/median(), inf-norm,
scatter_reduce/index_reduce amax/amin) under ``torch.compile``.

Importing this package installs the fix.  Set ``TORCH_PATCH_DISABLE=1`` to import without installing.

The fix: ``reduction_pass`` (the joint-graph rewrite; the root cause is in its docstring),
``materialize_op`` (the stored-copy op and its Inductor lowering), ``cpp_fusion`` (stores the copy
inside the reduction loop), ``mutation_deps`` (torch < 2.14: a backport of an Inductor scheduler fix the
rewritten scatter backward needs), ``install`` (the public API) and ``compat`` (supported torch versions).
``check`` runs a user's own model eager, float64, stock-compiled and patched-compiled and names each
rewrite by the user's source line (``sites``); ``check_cli`` is ``python -m torch_patch check``.
The tools that check it (doctor, fuzzer, eager oracle) are in ``torch_patch.testing``.
"""

from __future__ import annotations

import logging
import os

from torch_patch.check import CheckError, CheckReport, check
from torch_patch.install import TorchPatchWarning, install, is_installed, patched, policy, uninstall

__all__ = [
    "install", "uninstall", "is_installed", "patched", "policy", "check", "CheckReport", "CheckError", "TorchPatchWarning", "__version__"
]
__version__ = "0.2.0"

log = logging.getLogger(__name__)

DISABLE_ENV = "TORCH_PATCH_DISABLE"

if os.environ.get(DISABLE_ENV, "").strip().lower() in ("1", "true", "yes", "on"):
    log.warning("torch_patch: %s is set; the fix is not installed on import.", DISABLE_ENV)
else:
    install()
