"""Per-kernel time of a workload's compiled fwd+bwd step, stock vs patched: what a ratio in run.py is made of.

    python benchmarks/profile_kernels.py gnn_max_aggr [--dtype bf16] [--steps 10] [--rounds 5] [--quick] [--threads N]

Why: a fwd+bwd ratio can move for reasons that have nothing to do with the fix (allocator, threading,
a neighbouring process).  ``torch._inductor.config.cpp.enable_kernel_profile`` makes every generated C++
kernel record a profiler event; with the extern calls (``aten::mm``, the ``scatter_reduce_`` fallback)
that accounts for the step kernel by kernel, so the kernels the fix changes can be compared directly.
Times are self CPU time per step, at the thread count users run (``torch.get_num_threads()``).  The providers
are profiled in turns (``--rounds`` rounds of ``--steps`` steps each, stock then patched, alternating), so a
change of the machine's speed touches both; ``--quick`` takes the small sizes of ``run.py --quick``.
"""

from __future__ import annotations

import argparse
import collections
import logging
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch_patch  # noqa: E402
from run import compile_provider  # noqa: E402
from workloads import workloads  # noqa: E402

log = logging.getLogger("benchmarks.profile")
DTYPES = {"fp32": torch.float32, "bf16": torch.bfloat16}
#: Extern (non-generated) ops worth listing next to the generated kernels.
EXTERN_PREFIXES = ("aten::mm", "aten::addmm", "aten::bmm", "aten::scatter", "aten::index", "aten::gather", "aten::topk", "aten::sort")


def kernel_times(fn, x, consts, steps: int) -> collections.Counter:
    """Self CPU ms per step of every generated kernel and listed extern op in ``steps`` fwd+bwd steps."""
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CPU]) as prof:
        for _ in range(steps):
            fn(x, *consts).float().sum().backward()
    times: collections.Counter = collections.Counter()
    for event in prof.key_averages():
        if "cpp_fused" in event.key or event.key.startswith(EXTERN_PREFIXES):
            times[event.key.split("cpp_fused_", 1)[-1]] += event.self_cpu_time_total / 1e3 / steps
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workload", help="a workload name of benchmarks/workloads.py, e.g. gnn_max_aggr")
    parser.add_argument("--dtype", choices=sorted(DTYPES), default="fp32")
    parser.add_argument("--steps", type=int, default=10, help="profiled steps per round and provider (default 10)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds in which the providers take turns (default 5)")
    parser.add_argument("--quick", action="store_true", help="the small sizes of run.py --quick")
    parser.add_argument("--threads", type=int, default=None, help="intra-op threads (default torch.get_num_threads())")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("torch_patch").setLevel(logging.WARNING)
    if args.steps < 1 or args.rounds < 1:
        parser.error("--steps and --rounds must be at least 1")
    if args.threads is not None:
        if args.threads < 1:
            parser.error("--threads must be at least 1")
        torch.set_num_threads(args.threads)
    matches = [w for w in workloads(quick=args.quick) if w.name == args.workload and w.dtype == DTYPES[args.dtype]]
    if not matches:
        names = sorted({w.name for w in workloads(quick=args.quick)})
        parser.error(f"no workload {args.workload!r} in {args.dtype}; workloads: {', '.join(names)}")
    w = matches[0]
    torch._inductor.config.cpp.enable_kernel_profile = True
    print(f"{w.name} {w.shape} {args.dtype}, {torch.get_num_threads()} threads, self CPU ms per fwd+bwd step")
    compiled = {}
    for provider in ("stock", "patched"):
        log.info("compiling %s ...", provider)
        x, *consts = w.make_inputs()
        compiled[provider] = (compile_provider(w, provider)[0], x.requires_grad_(True), consts)
    totals = {p: collections.Counter() for p in compiled}
    wall = {p: 0.0 for p in compiled}
    for round_index in range(args.rounds):
        log.info("round %d of %d: %d steps of each provider, in turns", round_index + 1, args.rounds, args.steps)
        for provider, (fn, x, consts) in compiled.items():
            start = time.perf_counter()
            totals[provider].update(kernel_times(fn, x, consts, args.steps))
            wall[provider] += time.perf_counter() - start
    for provider, times in totals.items():
        per_round = collections.Counter({k: v / args.rounds for k, v in times.items()})
        print(f"== {provider}: {sum(per_round.values()):.3f} ms per step in the listed kernels "
              f"({1e3 * wall[provider] / (args.rounds * args.steps):.3f} ms per profiled step)")
        for name, ms in per_round.most_common():
            print(f"  {ms:8.3f}  {name[:110]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
