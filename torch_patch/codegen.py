"""Capturing and normalizing Inductor's generated code, for comparisons across runs and machines.

``normalize_code`` is the one place that decides what in generated code legitimately varies: the AOT
graph counters in comments (they count graphs compiled earlier in the process), kernel/cache file
paths, and temporary directory names.  Everything else is compared byte for byte.
"""

from __future__ import annotations

import re

_NORMALIZATIONS = (
    # "# AOT ID: ['3_forward']" counts graphs compiled earlier in the same process.
    (re.compile(r"# AOT ID: \['\d+_(\w+)'\]"), r"# AOT ID: ['N_\1']"),
    # Absolute paths into the Inductor cache or temp dirs (kernel source paths, .so paths).
    (re.compile(r"/[^\s'\"]*?/(torchinductor_[^/\s'\"]+|torch_patch_[^/\s'\"]+)/[^\s'\"]*"), "<path>"),
    (re.compile(r"/tmp/[^\s'\"]+"), "<tmp>"),
    # Content hashes used as kernel/module names by the code cache.
    (re.compile(r"\b[a-z0-9]{52}\b"), "<hash>"),
)


def normalize_code(code: str) -> str:
    """Generated code with run- and machine-specific details replaced by placeholders."""
    for pattern, replacement in _NORMALIZATIONS:
        code = pattern.sub(replacement, code)
    return "\n".join(line.rstrip() for line in code.strip().splitlines()) + "\n"


def compiled_code(fn, *args) -> tuple[object, list[str]]:
    """Run ``fn(*args)`` and return its result with the normalized code of every graph it compiled.

    Caches are disabled for the call: a cache hit generates no code, so there would be nothing to see.
    """
    from torch._inductor import config
    from torch._inductor.utils import run_and_get_code

    with config.patch(force_disable_caches=True):
        result, codes = run_and_get_code(fn, *args)
    return result, [normalize_code(c) for c in codes]
