"""fwd+bwd time of eager, stock and patched measured in alternating rounds: a ratio robust to drift.

    python benchmarks/interleaved.py router_top2 tie_count_hardmax [--dtype fp32 bf16] [--rounds 15]

Why: ``run.py`` times each provider in its own window, one after the other, so anything that changes
the machine between windows (another process, frequency, the allocator's state) moves one provider's
number and not the others'; on the shared 2-core machine its patched/stock ratio of one row varied by
±20% between runs.  Here the providers take turns, ``--steps`` fwd+bwd steps each per round, and the
median per step over the rounds is reported, at the thread count users run (``torch.get_num_threads()``).
"""

from __future__ import annotations

import argparse
import logging
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import PROVIDERS, compile_provider  # noqa: E402
from workloads import workloads  # noqa: E402

log = logging.getLogger("benchmarks.interleaved")
DTYPES = {"fp32": torch.float32, "bf16": torch.bfloat16}


def interleaved_ms(workload, rounds: int, steps: int) -> dict[str, float]:
    """Median ms per fwd+bwd step of each provider, over ``rounds`` alternating rounds."""
    fns = {p: compile_provider(workload, p)[0] for p in PROVIDERS}
    x, *consts = workload.make_inputs()
    x.requires_grad_(True)

    def step(fn):
        x.grad = None
        fn(x, *consts).float().sum().backward()

    for fn in fns.values():  # warm-up: first-touch allocations, lazy initialisation
        for _ in range(3):
            step(fn)
    times: dict[str, list[float]] = {p: [] for p in fns}
    for _ in range(rounds):
        for provider, fn in fns.items():
            start = time.perf_counter()
            for _ in range(steps):
                step(fn)
            times[provider].append((time.perf_counter() - start) / steps * 1e3)
    torch._dynamo.reset()
    return {p: statistics.median(t) for p, t in times.items()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workloads", nargs="+", help="workload names of benchmarks/workloads.py")
    parser.add_argument("--dtype", nargs="+", choices=sorted(DTYPES), default=["fp32", "bf16"])
    parser.add_argument("--rounds", type=int, default=15, help="alternating rounds (default 15)")
    parser.add_argument("--steps", type=int, default=10, help="fwd+bwd steps per provider per round (default 10)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("torch_patch").setLevel(logging.WARNING)
    if args.rounds < 1 or args.steps < 1:
        parser.error("--rounds and --steps must be at least 1")
    known = {w.name for w in workloads(quick=False)}
    unknown = sorted(set(args.workloads) - known)
    if unknown:
        parser.error(f"unknown workload(s) {unknown}; known: {sorted(known)}")
    todo = [w for w in workloads(quick=False) if w.name in args.workloads and w.dtype in [DTYPES[d] for d in args.dtype]]
    print(f"{torch.get_num_threads()} threads, torch {torch.__version__}; median ms per fwd+bwd step over {args.rounds} alternating rounds")
    print("| workload | shape | dtype | eager / stock / patched ms | patched/stock | patched/eager |")
    print("|---|---|---|---|---|---|")
    for index, w in enumerate(todo, 1):
        log.info("[%d/%d] %s %s %s ...", index, len(todo), w.name, w.shape, w.dtype)
        ms = interleaved_ms(w, args.rounds, args.steps)
        print(
            f"| {w.name} | {w.shape} | {str(w.dtype).removeprefix('torch.')} | {ms['eager']:.3g} / {ms['stock']:.3g} / "
            f"{ms['patched']:.3g} | {ms['patched'] / ms['stock']:.2f} | {ms['patched'] / ms['eager']:.2f} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
