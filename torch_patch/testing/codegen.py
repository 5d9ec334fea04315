"""Capturing and normalizing Inductor's generated code, for comparisons across runs and machines.

``normalize_code`` is the one place that decides what in generated code legitimately varies: the AOT
graph counters in comments (they count graphs compiled earlier in the process), kernel/cache file
paths, and temporary directory names.  Everything else is compared byte for byte.
"""

from __future__ import annotations

import re
import textwrap

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


#: The kernel source is a raw string literal, except on torch 2.9 (a plain one).
_KERNEL_RE = re.compile(r"(\w+) = async_compile\.cpp_pybinding\((\[[^\]]*\]), r?'''(.*?)'''\)", re.DOTALL)
_AOT_ID_RE = re.compile(r"# AOT ID: \['(?:\d+|N)_(\w+)'\]")
_CALL_DEF_RE = re.compile(r"^([ \t]*)def call\(", re.MULTILINE)


#: A Triton kernel: ``name = async_compile.triton('name', <triple-quoted module source>, device_str=...)``.
_TRITON_KERNEL_RE = re.compile(r"(\w+) = async_compile\.triton\('\w+', r?'''(.*?)''', device_str", re.DOTALL)


def triton_kernels(module_code: str) -> dict[str, str]:
    """``{kernel name: the @triton.jit function}`` of a generated module, in definition order.

    Only the function itself: the source before it (imports, the heuristics decorator with the device's
    properties, its processor count included, and a backend hash) varies across machines.
    """
    kernels = {}
    for name, src in _TRITON_KERNEL_RE.findall(module_code):
        start = src.find("@triton.jit")
        if start < 0:
            raise ValueError(f"kernel {name} has no @triton.jit function; the Triton module format changed")
        kernels[name] = src[start:].strip() + "\n"
    return kernels


def graph_kind(module_code: str) -> str:
    """``forward``, ``backward`` or ``inference``, from the AOT ID comment of a generated module."""
    match = _AOT_ID_RE.search(module_code)
    return match.group(1) if match else "unknown"


def cpp_kernels(module_code: str) -> dict[str, str]:
    """``{kernel name: C++ source}`` of a generated module, in definition order."""
    return {name: src.strip() + "\n" for name, _, src in _KERNEL_RE.findall(module_code)}


def call_function(module_code: str) -> str:
    """The wrapper's ``call`` function, dedented: the kernel call sequence and the buffers it returns.

    Found at the top level (older torch) or as a method (torch 2.13+ defines ``call`` inside
    ``class Runner``).  Raises ``ValueError`` when the module has no ``call``: an empty snapshot would
    check nothing.
    """
    match = _CALL_DEF_RE.search(module_code)
    if match is None:
        raise ValueError("no `def call(` in the generated module; the wrapper format changed")
    indent = len(match.group(1))
    lines = module_code[match.start() :].splitlines()
    body = [lines[0]]
    for line in lines[1:]:
        if line.strip() and len(line) - len(line.lstrip()) <= indent:
            break
        body.append(line)
    return textwrap.dedent("\n".join(body).rstrip()) + "\n"


def _top_level_blocks(text: str) -> list[str]:
    blocks, depth, start = [], 0, None
    for i, ch in enumerate(text):
        if ch == "{":
            if depth == 0:
                start = i
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                blocks.append(text[start : i + 1])
    return blocks


def loop_nests(kernel_source: str) -> list[str]:
    """The loop nests of a C++ kernel: top-level ``{...}`` blocks of its body, looking through an
    OpenMP parallel region (``#pragma omp parallel { int tid = ...; {nest} {nest} }``)."""
    (body,) = _top_level_blocks(kernel_source[kernel_source.index("{") :])[:1]
    nests = []
    for block in _top_level_blocks(body[1:-1]):
        lines = block.split("\n", 2)
        if len(lines) > 1 and "omp_get_thread_num" in lines[1]:  # an OpenMP parallel region
            nests.extend(_top_level_blocks(block[1:-1]))
        else:
            nests.append(block)
    return nests
