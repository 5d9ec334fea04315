"""Snapshots of the generated C++ (forward, backward, wrapper call sequence), fix on and fix off.

The difference between ``<case>.stock.*`` and ``<case>.fix.*`` in ``codegen_snapshots/torch-X.Y/`` *is*
the fix.  Each snapshot is paired with structural checks that fail on the bug itself, so a wrong
snapshot cannot be accepted by mistake:

* correctness: no loop nest that evaluates an equality mask (``==``) also computes the producer; the
  mask reads a stored buffer (the autograd masks, and a user-written bf16 tie count in a forward-only
  graph).  With the fix off the same check fails (asserted).
* speed: graphs that stock Inductor vectorized stay vectorized; no more kernels than stock; no bool
  mask saved for backward (its C++ store made the forward 7x slower); the forward stores the copy
  inside the reduction loop (as many parallel loops as stock); bytes saved at most eager's.
* zero impact: for the controls, fix-on and fix-off code is identical.

Pinned for machine-independent code: ``cpp.simdlen = 256`` (AVX2-width vectors; the same text on AVX2
and AVX-512 machines) and ``cpp.threads = 2`` (the parallelization decisions depend on the thread count).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass

import pytest
import torch
from snapshots import SnapshotMismatch, assert_snapshot, compare_snapshot, snapshot_dir


import torch_patch
from torch_patch.testing.cases import scatter_index, scatter_target
from torch_patch.testing.codegen import call_function, compiled_code, cpp_kernels, graph_kind, loop_nests
from torch_patch.testing.partition import capture_graphs
from torch_patch.testing.saved_bytes import saved_bytes

#: C++ code, C++ tuning: not run with TORCH_PATCH_BACKEND=triton (conftest).
pytestmark = pytest.mark.cpp_only

PINNED_CONFIG = {"cpp.simdlen": 256, "cpp.threads": 2}
INF = float("inf")


@dataclass(frozen=True)
class SnapshotCase:
    fn: object
    shape: tuple[int, ...]
    dtype: torch.dtype
    producer: str | None  # regex of the producer in C++; None for controls / non-transcendental
    func_grad: bool = False
    control: bool = False
    #: Compiled under ``torch.no_grad()``: one forward-only (inference) graph.
    inference: bool = False


CASES = {
    "seed_atan2_amin_fp32_2x3": SnapshotCase(lambda x, y: torch.atan2(x, y).amin(-1), (2, 3), torch.float32, r"atan2"),
    "atan2_amax_fp32_64x128": SnapshotCase(lambda x, y: torch.atan2(x, y).amax(-1), (64, 128), torch.float32, r"atan2"),
    "mul_amin_bf16_16x7": SnapshotCase(lambda x, y: (x * y).amin(-1), (16, 7), torch.bfloat16, None),
    "sin_max_all_fp32_16x7": SnapshotCase(lambda x, y: torch.sin(x * y).max(), (16, 7), torch.float32, r"\bsin\b"),
    "atan2_norm_inf_fp32_16x7": SnapshotCase(
        lambda x, y: torch.linalg.vector_norm(torch.atan2(x, y), ord=INF, dim=-1), (16, 7), torch.float32, r"atan2"
    ),
    "func_grad_atan2_amin_fp32_4x3": SnapshotCase(
        lambda x, y: torch.atan2(x, y).amin(-1), (4, 3), torch.float32, r"atan2", func_grad=True
    ),
    # Graph networks' max aggregation in bf16: stock recomputes sin in the backward unrounded, so
    # ``src == gather(result)`` finds no match and every gradient is NaN.
    "sin_scatter_amax_bf16_8x16": SnapshotCase(
        lambda x, y: scatter_target(x, "zeros").scatter_reduce(
            -1, scatter_index(x), torch.sin(x * y), "amax", include_self=False
        ),
        (8, 16),
        torch.bfloat16,
        r"\bsin\b",
    ),
    # PyTorch #195214's user-written tie count, against max(dim).values (outside the autograd family):
    # stock compares the unrounded fp32 quotient with the bf16 max, and every count is 0.
    "user_tie_count_bf16_64x37": SnapshotCase(
        lambda x, y: ((x / y) == (x / y).max(-1, keepdim=True).values).sum(-1),
        (64, 37),
        torch.bfloat16,
        r"tmp\d+ / tmp\d+",
        inference=True,
    ),
    "control_amin_of_input_fp32_16x37": SnapshotCase(lambda x, y: x.amin(-1), (16, 37), torch.float32, None, control=True),
    "control_softmax_fp32_16x37": SnapshotCase(
        lambda x, y: torch.softmax(x.sin() * y, -1), (16, 37), torch.float32, None, control=True
    ),
}


@dataclass
class Generated:
    graphs: dict[str, str]  # graph kind -> normalized module code
    saved: int  # bytes saved for backward (0 for func_grad and inference: nothing is saved)
    #: Every comparison of a value with a selection, per graph, classified by where its two operands
    #: come from (``torch_patch.testing.partition``), from the FX graphs these kernels were made from.
    sources: list


def _generate(case: SnapshotCase, fix: bool) -> Generated:
    torch._dynamo.reset()
    if fix:
        torch_patch.install()
    else:
        torch_patch.uninstall()
    try:
        records = []
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(case.shape, generator=gen).to(case.dtype)
        y = torch.randn(case.shape, generator=gen).to(case.dtype)
        if case.func_grad:
            g = torch.compile(torch.func.grad(lambda x, y: case.fn(x, y).float().sum()))
            _, codes = _compiled_code_and_sources(records, g, x, y)
            saved = 0
        elif case.inference:
            with torch.no_grad():
                _, codes = _compiled_code_and_sources(records, torch.compile(case.fn), x, y)
            saved = 0
        else:
            compiled = torch.compile(case.fn)
            box = {}

            def step(x, y):
                x = x.clone().requires_grad_(True)
                box["saved"] = saved_bytes(lambda: compiled(x, y).float().sum().backward())
                return x.grad

            _, codes = _compiled_code_and_sources(records, step, x, y)
            saved = box["saved"]
    finally:
        torch_patch.install()
    sources = [source for _, found, _ in records for source in found]
    return Generated({graph_kind(c): c for c in codes}, saved, sources)


def _compiled_code_and_sources(records: list, fn, *args):
    """``compiled_code(fn, *args)``, recording the comparison sources of every graph it compiles."""
    with capture_graphs() as found:
        result = compiled_code(fn, *args)
    records.extend(found)
    return result


def _eager_saved(case: SnapshotCase) -> int:
    x = torch.randn(case.shape).to(case.dtype).requires_grad_(True)
    y = torch.randn(case.shape).to(case.dtype)
    return saved_bytes(lambda: case.fn(x, y))


def _cpp(module_code: str) -> str:
    return "".join(f"// kernel {name}\n{src}\n" for name, src in cpp_kernels(module_code).items())


_SHORT = {"forward": "fwd", "backward": "bwd", "inference": "inf"}


_ASSIGN = re.compile(r"auto (tmp\d+) =(.*)", re.DOTALL)
_TMP = re.compile(r"\btmp\d+\b")


def _compares_recomputed_producer(nest: str, producer: str) -> bool:
    """True when an ``==`` in ``nest`` has an operand computed (transitively) by the producer.

    Statements are read in order; a later ``auto tmpN = ...`` in another block of the nest declares a
    new ``tmpN`` (Inductor numbers each loop body from ``tmp0``), so it is tainted only by what it reads.
    """
    tainted: set[str] = set()
    for statement in nest.split(";"):
        match = _ASSIGN.search(statement)
        if not match:
            continue
        name, rhs = match.groups()
        uses = set(_TMP.findall(rhs))
        if re.search(producer, rhs) or uses & tainted:
            if " == " in rhs and uses & tainted:
                return True
            tainted.add(name)
        else:
            tainted.discard(name)
    return False


def _mask_nests_recomputing(graphs: dict[str, str], producer: str) -> list[str]:
    """Loop nests whose equality comparison reads a recomputed producer (the bug's signature)."""
    found = []
    for kind, code in graphs.items():
        for name, src in cpp_kernels(code).items():
            if any(_compares_recomputed_producer(nest, producer) for nest in loop_nests(src)):
                found.append(f"{kind}:{name}")
    return found


@pytest.fixture(scope="module")
def generated():
    with torch._inductor.config.patch(PINNED_CONFIG):
        return {name: (_generate(case, fix=False), _generate(case, fix=True)) for name, case in CASES.items()}


@pytest.mark.parametrize("name", list(CASES))
def test_snapshot(generated, name):
    stock, fixed = generated[name]
    assert set(stock.graphs) == set(fixed.graphs)
    for label, gen in (("stock", stock), ("fix", fixed)):
        for kind, code in sorted(gen.graphs.items()):
            assert_snapshot(f"{name}.{label}.{_SHORT.get(kind, kind)}.cpp", _cpp(code))
            assert_snapshot(f"{name}.{label}.{_SHORT.get(kind, kind)}.call.py", call_function(code))


@pytest.mark.parametrize("name", [n for n, c in CASES.items() if c.producer])
def test_mask_reads_stored_values_only_with_fix(generated, name):
    stock, fixed = generated[name]
    producer = CASES[name].producer
    assert _mask_nests_recomputing(fixed.graphs, producer) == []
    assert _mask_nests_recomputing(stock.graphs, producer), "the check must fail on stock codegen"


#: Bytes the fix may keep above stock, per case.  ``mul_amin``: the partitioner weighs values by estimates
#: (their distance from the backward, whether their users fuse), and on ``(x * y).amin(-1)`` in bf16 two
#: choices cost it the same: stock keeps ``y`` and the bool mask (336 B), the fix ``x`` and ``y`` (448 B).
#: ``sin_scatter``: the scatter's mask is kept packed to bits (``torch_patch.graph.mask_bits``), 1 bit per
#: element of ``src`` (16 B here); the tie count it replaces ``R`` with is ``R``'s size.
EXTRA_SAVED_BYTES = {"mul_amin_bf16_16x7": 112, "sin_scatter_amax_bf16_8x16": 8 * 16 // 8}


@pytest.mark.parametrize("name", [n for n, c in CASES.items() if not c.control])
def test_fix_keeps_codegen_fast(generated, name):
    stock, fixed = generated[name]
    for kind, code in stock.graphs.items():
        if "at::vec::Vectorized" in code:
            assert "at::vec::Vectorized" in fixed.graphs[kind], f"{kind} lost vectorization"
    n_stock = sum(len(cpp_kernels(c)) for c in stock.graphs.values())
    n_fixed = sum(len(cpp_kernels(c)) for c in fixed.graphs.values())
    assert n_fixed <= n_stock, (n_stock, n_fixed)
    if "forward" in fixed.graphs:
        forward_call = call_function(fixed.graphs["forward"])
        assert "torch.bool" not in forward_call, "the forward allocates (and saves) a bool mask"
    if not (CASES[name].func_grad or CASES[name].inference):
        allowed = stock.saved + EXTRA_SAVED_BYTES.get(name, 0)
        assert fixed.saved <= allowed, f"the fix keeps {fixed.saved} B for the backward, stock {stock.saved} B"


def test_scatter_mask_is_packed_in_one_pointwise_pass(generated):
    """The scatter's mask is packed 8 to a byte by a pointwise loop over the bytes (bit ``k`` of byte ``j``
    is element ``k * m + j``): the forward allocates the packed bytes and nothing wider for them.  The
    previous layout (bit ``k`` of byte ``j`` = element ``8j + k``) was a reduction of 8 per byte through an
    int64 buffer of one word per byte, with a horizontal sum per byte (graph-network layer: 1.11-1.19x
    stock's step)."""
    stock, fixed = generated["sin_scatter_amax_bf16_8x16"]
    stock_call, fixed_call = call_function(stock.graphs["forward"]), call_function(fixed.graphs["forward"])
    assert fixed_call.count("torch.uint8") == 1, fixed_call
    assert fixed_call.count("torch.int64") <= stock_call.count("torch.int64"), fixed_call
    packing = [k for k in cpp_kernels(fixed.graphs["forward"]).values() if "uint8_t* out_ptr" in k]
    assert len(packing) == 1 and "tmp_acc" not in packing[0].split("uint8_t* out_ptr", 1)[1], packing


def test_fix_forward_is_stock_forward_when_nothing_compares_in_it(generated):
    """64x128 under the default policy: the forward neither saves the copy nor compares with the result,
    so it is stock's forward, kernel for kernel (one parallel loop computing atan2 inside the reduction);
    only the values returned for the backward differ (stock also returns the result for its mask)."""
    stock, fixed = generated["atan2_amax_fp32_64x128"]
    assert _cpp(fixed.graphs["forward"]) == _cpp(stock.graphs["forward"])


def test_mask_and_selection_read_one_buffer(generated):
    """In every graph of every non-control case, each comparison of a value with a selection reads the
    very buffer the selection reduced: a ``materialize`` (stored once) or a saved value, whichever graph
    the comparison landed in (``torch_patch.testing.partition``).  Stock compares a recomputed or inlined
    value with a saved result (``split``/``inlined``): the check fails on the bug itself."""
    for name, case in CASES.items():
        if case.control:
            continue
        stock, fixed = generated[name]
        assert fixed.sources, f"{name}: no comparison found in the fixed graphs"
        assert all(source.kind in ("same", "saved") for source in fixed.sources), (name, fixed.sources)
        assert any(source.kind in ("split", "inlined") for source in stock.sources), (name, stock.sources)


@pytest.mark.parametrize("name", [n for n, c in CASES.items() if c.control])
def test_controls_identical_with_and_without_fix(generated, name):
    stock, fixed = generated[name]
    assert stock.graphs == fixed.graphs


def test_snapshot_comparison_fails_readably(tmp_path):
    directory = snapshot_dir()
    if not directory.is_dir():
        pytest.skip(f"no snapshots for this torch ({directory})")
    original = directory / "seed_atan2_amin_fp32_2x3.fix.bwd.cpp"
    copy = tmp_path / original.name
    shutil.copy(original, copy)
    text = copy.read_text()
    index = text.index("==")
    tampered = text[:index] + "!=" + text[index + 2 :]
    with pytest.raises(SnapshotMismatch) as info:
        compare_snapshot(copy, tampered)
    message = str(info.value)
    assert "--- " in message and "+++ " in message and "@@" in message
    assert any(line.startswith("+") and "!=" in line for line in message.splitlines())


def test_snapshot_files_are_complete():
    """Every snapshot file has content, and each call sequence calls every kernel of its ``.cpp``
    (an empty ``.call.py`` once passed for years of checks: it compared nothing)."""
    directory = snapshot_dir()
    if not directory.is_dir():
        pytest.skip(f"no snapshots for this torch ({directory})")
    files = sorted(directory.iterdir())
    assert files, f"{directory} is empty"
    assert [f.name for f in files if f.stat().st_size == 0] == []
    for cpp in directory.glob("*.cpp"):
        call = cpp.with_name(cpp.name.removesuffix(".cpp") + ".call.py")
        assert call.exists(), f"{call.name} is missing"
        kernels = re.findall(r"^// kernel (\w+)$", cpp.read_text(), flags=re.MULTILINE)
        assert kernels, f"{cpp.name} has no kernel"
        calls = call.read_text()
        assert calls.startswith("def call("), call.name
        assert [k for k in kernels if f"{k}(" not in calls] == [], f"{call.name} does not call every kernel of {cpp.name}"


_ATAN2_CALL = re.compile(r"\.atan2\(|std::atan2\(")


def test_seed_backward_evaluates_atan2_once(generated):
    """The fixed backward recomputes atan2 (the partitioner keeps x and y, as for stock) in one
    statement, stored and read by the reduction, the tie count and the mask alike; stock's evaluates it
    once per reader, scalar for the unrolled count and vectorized for the mask: the bug."""
    stock, fixed = generated["seed_atan2_amin_fp32_2x3"]
    assert len(_ATAN2_CALL.findall(_cpp(fixed.graphs["backward"]))) == 1
    assert len(_ATAN2_CALL.findall(_cpp(stock.graphs["backward"]))) > 1


#: Cases whose selection reduces everything to one value (no rows): its ``R'`` and tie count are scalars
#: of a kernel without an outer loop, where ``local_reductions`` has nothing to keep local.
_WHOLE_TENSOR_REDUCTIONS = {"sin_max_all_fp32_16x7"}


@pytest.mark.parametrize(
    "name", [n for n, c in CASES.items() if not c.control and n not in _WHOLE_TENSOR_REDUCTIONS]
)
def test_per_row_results_allocate_nothing_stock_does_not(generated, name):
    """The graphs that compute the gradient (backward, or the inference graph of ``func.grad``) allocate
    no more buffers than stock's: ``R'`` and the tie count live in one-element local buffers of the kernel
    (``torch_patch.inductor.cpp.local_reductions``), not in per-row buffers that stock's unrolled code never had (the
    2x3 seed's backward allocated three buffers before, stock's one)."""
    stock, fixed = generated[name]
    for kind in fixed.graphs:
        if kind == "forward":
            continue
        n_fixed = call_function(fixed.graphs[kind]).count("empty_strided_cpu(")
        n_stock = call_function(stock.graphs[kind]).count("empty_strided_cpu(")
        assert n_fixed <= n_stock, (kind, n_fixed, n_stock)


def test_seed_backward_keeps_per_row_results_local(generated):
    _, fixed = generated["seed_atan2_amin_fp32_2x3"]
    kernel = _cpp(fixed.graphs["backward"])
    assert kernel.count("local_reduction_data_") > 0 and "local_buffer_data_0" in kernel
