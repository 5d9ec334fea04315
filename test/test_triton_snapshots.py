"""Snapshots of the generated Triton code (the Triton lane), fix on and fix off, with checks that fail on stock.

``codegen_snapshots/triton-X.Y/<case>.{stock,fix}.{fwd,bwd,inf}.py`` holds each graph's ``@triton.jit``
kernels and the wrapper's ``call`` function; the difference between ``.stock.`` and ``.fix.`` is the fix on
the backend CUDA users run.  The cases: a looped bf16 reduction (3000 per row: Triton reduces it in a loop
and keeps the result in a register), a persistent one (37 per row), PyTorch #195214's tie count in a
forward-only graph, and a graph network's bf16 max aggregation (``scatter_reduce`` amax).

The structural check that pairs with them (``_compares_unrounded``): no comparison reads a value that the
kernel computed from the producer in float32 and did not round to the stored dtype (directly, or through a
reduction: ``max2``/``min2``/``maximum``/``minimum``).  Stock's kernels compare exactly that pairing, the
bug; the fix's round ``M`` where they compute it (``.to(tl.bfloat16)``), so the comparison sees the values
memory holds.  Generated under Inductor's default Triton options for an sm_90 target
(``torch_patch.testing.triton_lane``); what varies across machines is cut (``codegen.triton_kernels``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
import torch
from snapshots import assert_snapshot

import torch_patch
from torch_patch.testing.cases import scatter_index, scatter_target
from torch_patch.testing.codegen import call_function, compiled_code, graph_kind, triton_kernels
from torch_patch.testing.saved_bytes import saved_bytes


@dataclass(frozen=True)
class TritonCase:
    fn: object
    shape: tuple[int, ...]
    #: Regex of the producer's evaluation in Triton code.
    producer: str
    inference: bool = False


CASES = {
    "sin_amax_bf16_8x3000_looped": TritonCase(lambda x, y: torch.sin(x * y).amax(-1), (8, 3000), r"tl_math\.sin\("),
    "sin_amax_bf16_8x37_persistent": TritonCase(lambda x, y: torch.sin(x * y).amax(-1), (8, 37), r"tl_math\.sin\("),
    "user_tie_count_bf16_64x3000": TritonCase(
        lambda x, y: ((x / y) == (x / y).amax(-1, keepdim=True)).sum(-1), (64, 3000), r"\(tmp\d+ / tmp\d+\)", inference=True
    ),
    "sin_scatter_amax_bf16_8x16": TritonCase(
        lambda x, y: scatter_target(x, "zeros").scatter_reduce(
            -1, scatter_index(x), torch.sin(x * y), "amax", include_self=False
        ),
        (8, 16),
        r"tl_math\.sin\(",
    ),
}

_SHORT = {"forward": "fwd", "backward": "bwd", "inference": "inf"}


@dataclass
class Generated:
    graphs: dict[str, str]  # graph kind -> normalized module code
    saved: int  # bytes saved for the backward (0 for forward-only graphs)


def _generate(case: TritonCase, fix: bool) -> Generated:
    torch._dynamo.reset()
    if fix:
        torch_patch.install()
    else:
        torch_patch.uninstall()
    try:
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(case.shape, generator=gen).bfloat16()
        y = torch.randn(case.shape, generator=gen).bfloat16()
        compiled = torch.compile(case.fn)
        if case.inference:
            with torch.no_grad():
                _, codes = compiled_code(compiled, x, y)
            return Generated({graph_kind(c): c for c in codes}, 0)
        box = {}

        def step(x, y):
            x = x.clone().requires_grad_(True)
            box["saved"] = saved_bytes(lambda: compiled(x, y).float().sum().backward())
            return x.grad

        _, codes = compiled_code(step, x, y)
        return Generated({graph_kind(c): c for c in codes}, box["saved"])
    finally:
        torch_patch.install()


def _kernels(module_code: str) -> str:
    return "".join(f"# kernel {name}\n{src}\n" for name, src in triton_kernels(module_code).items())


_ASSIGN = re.compile(r"^\s*(_?tmp\d+) = (.*)$")
_NAMES = re.compile(r"\b_?tmp\d+\b")
_COMPARISON = re.compile(r" (==|!=|>=|<=|>|<) ")
_ROUNDING = re.compile(r"\.to\(tl\.(bfloat16|float16)\)")


def _compares_unrounded(kernel: str, producer: str) -> bool:
    """True when a comparison in ``kernel`` reads a value computed from ``producer`` in float32 and not
    rounded to bf16/fp16 since, directly or through arithmetic, broadcasts, ``tl.where`` or a reduction.

    Statements are read in order (a loop's accumulator is reassigned below its initialization, so an
    unrounded value reaching it taints it); a ``.to(tl.bfloat16)`` (or float16) cleans what it produces.
    """
    tainted: set[str] = set()
    for line in kernel.splitlines():
        match = _ASSIGN.match(line)
        if not match:
            continue
        name, rhs = match.groups()
        reads = set(_NAMES.findall(rhs))
        if _ROUNDING.search(rhs):
            tainted.discard(name)
        elif re.search(producer, rhs) or reads & tainted:
            if _COMPARISON.search(rhs) and reads & tainted:
                return True
            tainted.add(name)
        else:
            tainted.discard(name)
    return False


def _kernels_comparing_unrounded(graphs: dict[str, str], producer: str) -> list[str]:
    return [
        f"{kind}:{name}"
        for kind, code in graphs.items()
        for name, src in triton_kernels(code).items()
        if _compares_unrounded(src, producer)
    ]


@pytest.fixture(scope="module")
def generated():
    from conftest import BACKEND, LANE_UNAVAILABLE

    from torch_patch.testing import triton_lane

    if BACKEND == "cuda":
        pytest.skip("the Triton snapshots are generated on the interpreter lane (an sm_90 target), not on a GPU")
    if LANE_UNAVAILABLE:
        pytest.skip(f"Triton lane unavailable: {LANE_UNAVAILABLE}")
    triton_lane.install()
    with torch._inductor.config.patch(triton_lane.inductor_config()):
        return {name: (_generate(case, fix=False), _generate(case, fix=True)) for name, case in CASES.items()}


@pytest.mark.parametrize("name", list(CASES))
def test_triton_snapshot(generated, name):
    stock, fixed = generated[name]
    assert set(stock.graphs) == set(fixed.graphs)
    for label, gen in (("stock", stock), ("fix", fixed)):
        for kind, code in sorted(gen.graphs.items()):
            stem = f"{name}.{label}.{_SHORT.get(kind, kind)}"
            assert_snapshot(f"{stem}.py", _kernels(code), backend="triton", test_file="test/test_triton_snapshots.py")
            assert_snapshot(f"{stem}.call.py", call_function(code), backend="triton", test_file="test/test_triton_snapshots.py")


@pytest.mark.parametrize("name", list(CASES))
def test_comparisons_read_rounded_values_only_with_fix(generated, name):
    stock, fixed = generated[name]
    producer = CASES[name].producer
    assert _kernels_comparing_unrounded(fixed.graphs, producer) == []
    assert _kernels_comparing_unrounded(stock.graphs, producer), "the check must fail on stock's Triton code"


@pytest.mark.parametrize("name", [n for n, c in CASES.items() if not c.inference])
def test_fix_saves_no_more_than_stock_on_triton(generated, name):
    """The partition does not depend on the backend: the fix keeps no more bytes for the backward than stock
    (the scatter keeps its masks as bits, 1 bit per element of ``src``, as on C++)."""
    stock, fixed = generated[name]
    allowed = stock.saved + (8 * 16 // 8 if "scatter" in name else 0)
    assert fixed.saved <= allowed, f"the fix keeps {fixed.saved} B for the backward, stock {stock.saved} B"


def test_looped_backward_is_one_kernel_that_rounds_before_it_reduces(generated):
    """The looped bf16 backward: stock's kernel reduces the unrounded ``sin`` and compares it with the
    reloaded bf16 values (the NaN of issue 40); the fix's kernel rounds ``M'`` where it computes it, and
    reduces, stores and compares that rounded value, still in one kernel."""
    stock, fixed = generated["sin_amax_bf16_8x3000_looped"]
    (stock_kernel,) = triton_kernels(stock.graphs["backward"]).values()
    (fixed_kernel,) = triton_kernels(fixed.graphs["backward"]).values()
    assert "tl.bfloat16" not in stock_kernel
    rounded = re.search(r"(tmp\d+) = (tmp\d+)\.to\(tl\.bfloat16\)", fixed_kernel)
    assert rounded and re.search(rf"\b{rounded.group(2)} = tl_math\.sin\(", fixed_kernel), fixed_kernel
