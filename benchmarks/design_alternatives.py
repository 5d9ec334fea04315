"""The fix's design alternatives, measured side by side in turns (re-check the design choice on your machine).

    python benchmarks/design_alternatives.py [--threads N] [--rounds R] [--out FILE.md]

Every variant gives right gradients; they differ in where the stored copy ``M = materialize(X)`` lives
for the backward, and so in bytes saved, peak and time:

  save                 ``M`` is saved for the backward (``policy="save"``, the design before this one): the
                       backward recomputes nothing of ``X``, but keeps ``M`` (4 B/element in fp32)
  recompute-unrolled   ``M`` and its reductions are recomputed in the backward from what the partitioner
                       kept for ``X``; reductions of fewer than 8 elements stay unrolled as in stock
                       (``torch_patch.inductor.reduction_loops`` off), so ``M`` is a full buffer there
  recompute-int64-count  as below, with the tie counts of those loops kept in int64 as traced
                       (``loop_marks.narrow_count`` off): a per-row buffer of 8 B where stock's unrolled
                       code keeps none
  recompute            the default: as above, with those reductions kept as loops, so ``M`` lives in a
                       per-row local buffer, and their tie counts summed in float32 (4 B per row)

All providers of a workload are compiled in one process and timed in turns (``run.time_in_turns``); a
ratio is the median of per-round ratios to stock.  Writes a markdown table to ``--out``.  ``--only``
keeps the workloads whose "name shape dtype" contains one of its words (e.g. ``--only 1398101x3``).
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
import time
import unittest.mock
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch_patch  # noqa: E402
from torch_patch.graph import loop_marks  # noqa: E402
from torch_patch.inductor import reduction_loops  # noqa: E402
from torch_patch.testing.saved_bytes import peak_bytes, saved_bytes  # noqa: E402
from torch_patch.testing.verify import as_accurate_as_eager, compare_gradients  # noqa: E402
from run import _float64_grad, compile_provider, grad_of, quantiles, time_in_turns  # noqa: E402
from workloads import Workload, chamfer, gnn_max_aggregation, inf_norm, pointnet_maxpool, seed_pattern  # noqa: E402

log = logging.getLogger("benchmarks.design_alternatives")
VARIANTS = ("save", "recompute-unrolled", "recompute-int64-count", "recompute")


def compile_variant(w: Workload, variant: str):
    """The compiled callable of a provider (``eager``, ``stock``) or of a variant of the fix."""
    if variant in ("eager", "stock"):
        return compile_provider(w, variant)[0]
    if variant == "recompute-unrolled":
        reduction_loops.uninstall()
    # The int64 count: ``mark`` leaves every count as traced when ``narrow_count`` narrows nothing.
    keep_int64 = unittest.mock.patch.object(loop_marks, "narrow_count", lambda count: None)
    try:
        with keep_int64 if variant == "recompute-int64-count" else contextlib.nullcontext():
            return compile_provider(w, "patched", "save" if variant == "save" else "recompute")[0]
    finally:
        torch_patch.install(policy="recompute")
        reduction_loops.install()


def workloads() -> list[Workload]:
    f32, bf16 = torch.float32, torch.bfloat16
    return [
        seed_pattern(65536, 64, f32),
        seed_pattern(1398101, 3, f32),
        seed_pattern(1398101, 3, bf16),
        seed_pattern(599186, 7, f32),
        seed_pattern(599186, 7, bf16),
        inf_norm(4096, 1024, f32),
        pointnet_maxpool(8, 1024, 64, 128, f32),
        chamfer(2, 2048, 2048, f32),
        gnn_max_aggregation(50_000, 400_000, 32, f32),
    ]


def _label(w: Workload) -> str:
    return f"{w.name} {w.shape} {str(w.dtype).removeprefix('torch.')}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=torch.get_num_threads())
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "results" / "design_alternatives.md")
    parser.add_argument("--only", nargs="+", metavar="WORD", help='workloads whose "name shape dtype" contains a WORD')
    args = parser.parse_args(argv)
    if args.threads < 1 or args.rounds < 3:
        parser.error("--threads must be at least 1 and --rounds at least 3")
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("torch_patch").setLevel(logging.ERROR)
    torch.set_num_threads(args.threads)
    providers = ("eager", "stock", *VARIANTS)
    lines = [
        f"torch {torch.__version__}, {args.threads} thread(s), {args.rounds} rounds in turns. Per provider: fwd+bwd ms "
        "(x stock, median of per-round ratios); saved MB; peak MB of a step. **wrong**: gradient differs from eager.",
        "",
        "| workload | " + " | ".join(providers) + " |",
        "|---|" + "---|" * len(providers),
    ]
    todo = [w for w in workloads() if not args.only or any(word in _label(w) for word in args.only)]
    if not todo:
        parser.error(f"--only {' '.join(args.only)} matches none of: {', '.join(_label(w) for w in workloads())}")
    for index, w in enumerate(todo, 1):
        start = time.perf_counter()
        x, *consts = w.make_inputs()
        x.requires_grad_(True)
        eager_grad = grad_of(w.fn, x, consts)
        low_precision = w.dtype in (torch.bfloat16, torch.float16)
        grad64 = _float64_grad(w, x, consts) if low_precision else None
        with torch._inductor.config.patch(force_disable_caches=True):
            fns = {p: compile_variant(w, p) for p in providers}
        cells = {}
        for p, fn in fns.items():
            saved = saved_bytes(lambda: fn(x, *consts))
            x.grad = None
            peak = peak_bytes(lambda: fn(x, *consts).float().sum().backward())
            grad = grad_of(fn, x, consts)
            problems = compare_gradients(eager_grad, grad, w.dtype) if p != "eager" else []
            if low_precision and as_accurate_as_eager(problems, grad, eager_grad, grad64):
                problems = []
            cells[p] = (saved, peak, bool(problems))
        times = time_in_turns(fns, x, consts, args.rounds)
        row = []
        for p in providers:
            ms = quantiles(times[p])[0]
            ratio = quantiles([a / b for a, b in zip(times[p], times["stock"])])[0]
            saved, peak, wrong = cells[p]
            row.append(f"{ms:.3g} ({ratio:.2f}x), {saved / 1e6:.3g}, {peak / 1e6:.3g}{' **wrong**' if wrong else ''}")
        lines.append(f"| {_label(w)} | " + " | ".join(row) + " |")
        log.info("[%d/%d] %s: %s (%.0f s)", index, len(todo), _label(w), lines[-1], time.perf_counter() - start)
        torch._dynamo.reset()
    table = "\n".join(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(table + "\n")
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
