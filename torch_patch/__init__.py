"""torch_patch: correct gradients of value-selecting ops (amin/amax, max()/min()/median(), inf-norm,
scatter_reduce/index_reduce amax/amin) under ``torch.compile``.

Importing this package installs the fix.  Set ``TORCH_PATCH_DISABLE=1`` to import without installing.

The package in layers, each importing only those below it (``test/test_layers.py`` checks it):

- ``errors``, ``compat``: the warning class, the supported torch versions and shims for older ones;
- ``graph/``: the fix as a device-independent graph rewrite (the root cause is in its docstring): the family's
  op tables, planning, placement (tags), the rewrite, the ``materialize`` op and the joint-graph pass;
- ``inductor/``: the Inductor patches it needs, one module each, in the ordered registry ``inductor.PATCHES``
  (the lowering of ``materialize``, the partitioner's, and the C++ backend's in ``inductor/cpp/``);
- ``install``: ``install()``/``uninstall()``, all patches or none;
- ``tools/``: ``check`` (is *my* model affected, and where?), its command line and the judge it shares with
  the tests;
- ``testing/``: the tools that check the fix (doctor, fuzzer, eager oracle, the Triton lane).
"""

from __future__ import annotations

import logging
import os

from torch_patch.tools.check import CheckError, CheckReport, check
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
