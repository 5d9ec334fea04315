"""What the fix costs on the Triton backend, read from Inductor's own accounting (no timings).

    python benchmarks/triton_lane_cost.py [--out DIR]

For every workload of ``benchmarks/workloads.py`` at the small sizes of ``LANE_SHAPES`` (the interpreter runs a
program at a time: 16384 rows took minutes), plus rows of 3000 that Triton reduces in a loop, in fp32 and bf16,
stock and patched, compiled once for the C++ backend and once for the Triton backend (``torch_patch.testing.triton_lane``: Triton code for
CPU tensors, run by Triton's interpreter), it reports:

  saved_bytes      bytes saved for the backward (``saved_tensors_hooks``, unique storages).  The partition is
                   decided before any backend generates code, so it must be the same on both backends;
                   ``same_partition`` says whether it is.
  bwd_kernels      kernels of the backward graph.
  fwd_alloc_bytes  bytes of the buffers the forward's wrapper allocates (``empty_strided_*`` calls), outputs
  bwd_alloc_bytes  included; the same for the backward.  A stored ``M`` (``M'``) where stock inlines the
                   producer shows here.
  step_bytes       Inductor's estimate of the bytes the forward's and the backward's kernels read and write
                   (``GraphLowering.count_bytes``, the ``inductor_metrics`` log's ``num_bytes_accessed``).

The interpreter's time means nothing (it is numpy, a program at a time), so nothing here is timed.  Writes
``triton_lane_cost.csv`` and ``triton_lane_cost.md`` to ``--out``.
"""

from __future__ import annotations

import argparse
import csv
import logging
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

log = logging.getLogger("benchmarks.triton_lane_cost")

_ALLOC = re.compile(r"empty_strided_\w+\(\(([^)]*)\), \([^)]*\), torch\.(\w+)\)")
_ITEMSIZE = {"float32": 4, "bfloat16": 2, "float16": 2, "float64": 8, "int64": 8, "int32": 4, "bool": 1, "uint8": 1, "int8": 1}
COLUMNS = (
    "workload", "shape", "dtype", "backend", "provider", "saved_bytes", "fwd_alloc_bytes", "bwd_kernels", "bwd_alloc_bytes",
    "step_bytes",
)


def lane_workloads() -> list:
    """The benchmark workloads at sizes the interpreter runs in seconds; rows of 37 (persistent) and 3000
    (looped) where the reduced dim is the innermost."""
    import torch
    from workloads import (
        chamfer, full_max, gnn_max_aggregation, inf_norm, pointnet_maxpool, seed_pattern, tie_count_hardmax, top2_router
    )

    out = []
    for dtype in (torch.float32, torch.bfloat16):
        out += [
            seed_pattern(333, 3, dtype),
            seed_pattern(64, 37, dtype),
            seed_pattern(16, 3000, dtype),
            pointnet_maxpool(2, 256, 32, 64, dtype),
            chamfer(2, 128, 128, dtype),
            gnn_max_aggregation(500, 4000, 16, dtype),
            top2_router(512, 64, 64, dtype),
            tie_count_hardmax(128, 256, dtype),
            tie_count_hardmax(16, 3000, dtype),
            inf_norm(16, 3000, dtype),
            full_max(16, 3000, dtype),
        ]
    return out


def _alloc_bytes(call: str) -> int:
    total = 0
    for dims, dtype in _ALLOC.findall(call):
        numel = 1
        for dim in filter(None, (d.strip() for d in dims.split(","))):
            numel *= int(dim)
        total += numel * _ITEMSIZE[dtype]
    return total


def measure(w, provider: str) -> dict:
    """Compile ``w`` (stock or patched) with the current backend, run one fwd+bwd, read its accounting."""
    import torch
    from run import fresh_function
    from torch._inductor import metrics
    from torch._inductor.utils import run_and_get_code

    import torch_patch
    from torch_patch.testing.codegen import call_function, cpp_kernels, graph_kind, triton_kernels
    from torch_patch.testing.saved_bytes import saved_bytes

    torch._dynamo.reset()
    if provider == "stock":
        torch_patch.uninstall()
    else:
        torch_patch.install()
    try:
        fn = torch.compile(fresh_function(w.fn))
        x, *consts = w.make_inputs()
        x.requires_grad_(True)
        box = {}

        def step():
            box["saved"] = saved_bytes(lambda: fn(x, *consts).float().sum().backward())

        metrics.reset()
        with torch._inductor.config.patch(force_disable_caches=True):
            _, codes = run_and_get_code(step)
        forward = [c for c in codes if graph_kind(c) == "forward"]
        backward = [c for c in codes if graph_kind(c) == "backward"]
        kernels = sum(len(triton_kernels(c)) + len(cpp_kernels(c)) for c in backward)
        return {
            "saved_bytes": box["saved"],
            "fwd_alloc_bytes": sum(_alloc_bytes(call_function(c)) for c in forward),
            "bwd_kernels": kernels,
            "bwd_alloc_bytes": sum(_alloc_bytes(call_function(c)) for c in backward),
            "step_bytes": metrics.num_bytes_accessed,
        }
    finally:
        torch_patch.install()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=HERE / "results" / "triton-lane", help="output folder")
    args = parser.parse_args(argv)
    from torch_patch.testing import triton_lane

    error = triton_lane.enter_lane([__file__] if argv is None else None)
    if error:
        parser.error(error)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    logging.getLogger("torch_patch").setLevel(logging.WARNING)
    import warnings

    import torch

    from torch_patch import TorchPatchWarning

    # Stock and patched are compiled in turns in this process, each after a dynamo reset: nothing stale.
    warnings.filterwarnings("ignore", category=TorchPatchWarning)

    # Inductor's byte count is computed only while its metrics log is enabled.
    logging.getLogger("torch._inductor.compile_fx.__inductor_metrics").setLevel(logging.INFO)
    torch._logging.set_logs(inductor_metrics=True)
    logging.getLogger("torch._inductor").handlers.clear()
    rows = []
    cases = lane_workloads()
    for i, w in enumerate(cases, 1):
        for backend in ("cpp", "triton"):
            # enter_lane switched Inductor to Triton for the process; each backend is set per compile here.
            with torch._inductor.config.patch(cpu_backend=backend):
                for provider in ("stock", "patched"):
                    log.info("%s %s %s: %s, %s ...", w.name, w.shape, w.dtype, backend, provider)
                    rows.append({"workload": w.name, "shape": w.shape, "dtype": str(w.dtype).removeprefix("torch."),
                                 "backend": backend, "provider": provider, **measure(w, provider)})
        log.info("%d of %d: %s %s %s done", i, len(cases), w.name, w.shape, w.dtype)
    args.out.mkdir(parents=True, exist_ok=True)
    with open(args.out / "triton_lane_cost.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    table = summarize(rows, torch.__version__)
    (args.out / "triton_lane_cost.md").write_text(table)
    print(table)
    return 0


def summarize(rows: list[dict], torch_version: str) -> str:
    by = {(r["workload"], r["shape"], r["dtype"], r["backend"], r["provider"]): r for r in rows}
    lines = [
        f"Triton lane cost, torch {torch_version} (saved bytes: patched/stock per backend; the Triton backward, stock -> patched)",
        "",
        "| workload | dtype | saved C++ | saved Triton | same partition | Triton bwd kernels | Triton fwd alloc bytes | Triton bwd alloc bytes | Triton step bytes accessed |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for (name, shape, dtype, backend, provider), r in by.items():
        if backend != "triton" or provider != "stock":
            continue
        s_cpp, p_cpp = by[(name, shape, dtype, "cpp", "stock")], by[(name, shape, dtype, "cpp", "patched")]
        p = by[(name, shape, dtype, "triton", "patched")]
        same = s_cpp["saved_bytes"] == r["saved_bytes"] and p_cpp["saved_bytes"] == p["saved_bytes"]
        lines.append(
            f"| {name} {shape} | {dtype} | {p_cpp['saved_bytes']}/{s_cpp['saved_bytes']} | {p['saved_bytes']}/{r['saved_bytes']} "
            f"| {'yes' if same else 'NO'} | {r['bwd_kernels']} -> {p['bwd_kernels']} | {r['fwd_alloc_bytes']} -> {p['fwd_alloc_bytes']} "
            f"| {r['bwd_alloc_bytes']} -> {p['bwd_alloc_bytes']} | {r['step_bytes']} -> {p['step_bytes']} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
