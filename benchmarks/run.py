"""Benchmarks: eager vs stock torch.compile vs torch.compile with torch_patch, side by side.

    python benchmarks/run.py [--quick] [--threads N] [--only NAME ...] [--out FILE.csv]

Timings run at ``torch.get_num_threads()`` threads unless ``--threads`` says otherwise (the thread
count users train with; ``torch.utils.benchmark.Timer`` alone would use ONE thread, which hides
memory-bound costs).  For every workload (benchmarks/workloads.py) and provider it measures, in one
process:
  fwd_bwd_ms      forward + backward, torch.utils.benchmark blocked_autorange (median, p20, p80)
  fwd_ms          the forward call alone (training mode: it saves what the backward needs)
  bwd_ms          the backward call alone, over repeated forward/backward pairs
  saved_bytes     bytes saved for backward (torch.autograd.graph.saved_tensors_hooks)
  compile_s       first call with Inductor's caches disabled (stock and patched only)
  grad_wrong      1 when the provider's gradient differs from eager (torch_patch.testing.verify criteria;
                  for bf16/fp16, a support or value difference without NaN/inf counts only if the
                  gradient is further from the float64 gradient than eager's: see ``torch_patch.testing.verify.as_accurate_as_eager``)
  grad_err_fp64   relative L2 distance of the gradient from the float64 gradient (bf16/fp16 only)
  fwd_equal_eager fraction of forward output elements bitwise equal to eager's
Writes a long-format CSV (with a ``threads`` column), a markdown summary of ratios, and a PNG plot
next to the CSV.
"""

from __future__ import annotations

import argparse
import csv
import logging
import math
import platform
import statistics
import sys
import time
import types
from pathlib import Path

import torch
import torch.utils.benchmark as benchmark

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch_patch  # noqa: E402
from torch_patch.testing.saved_bytes import saved_bytes  # noqa: E402
from torch_patch.testing.verify import (  # noqa: E402
    as_accurate_as_eager,
    bitwise_equal_fraction,
    compare_gradients,
    relative_error,
)
from workloads import Workload, workloads  # noqa: E402

log = logging.getLogger("benchmarks")
COLUMNS = (
    "workload", "shape", "dtype", "provider", "metric", "unit", "median", "p20", "p80", "threads", "torch_version", "cpu"
)
PROVIDERS = ("eager", "stock", "patched")


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def fresh_function(fn):
    """A copy of ``fn`` with its own code object: Dynamo caches compiled code per code object, so
    the stock and patched compilations of one workload must not share it."""
    code = fn.__code__.replace(co_name=f"{fn.__code__.co_name}_{id(object())}")
    return types.FunctionType(code, fn.__globals__, code.co_name, fn.__defaults__, fn.__closure__)


def compile_provider(w: Workload, provider: str):
    """(callable, compile seconds) for a provider; compiles eagerly by running fwd+bwd once."""
    if provider == "eager":
        return w.fn, None
    if provider == "stock":
        torch_patch.uninstall()
    else:
        torch_patch.install()
    try:
        fn = torch.compile(fresh_function(w.fn))
        x, *consts = w.make_inputs()
        x.requires_grad_(True)
        with torch._inductor.config.patch(force_disable_caches=True):
            start = time.perf_counter()
            fn(x, *consts).float().sum().backward()
            seconds = time.perf_counter() - start
    finally:
        torch_patch.install()
    return fn, seconds


def percentiles(times: list[float]) -> tuple[float, float, float]:
    ordered = sorted(times)

    def pick(q):
        return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]

    return statistics.median(ordered), pick(0.2), pick(0.8)


def _timer(stmt_fn, threads: int, min_run_time: float) -> tuple[float, float, float]:
    timer = benchmark.Timer(stmt="fn()", globals={"fn": stmt_fn}, num_threads=threads)
    return percentiles([t * 1e3 for t in timer.blocked_autorange(min_run_time=min_run_time).times])


def time_fwd_bwd(fn, x, consts, min_run_time, threads):
    def step():
        x.grad = None
        fn(x, *consts).float().sum().backward()

    return _timer(step, threads, min_run_time)


def time_forward(fn, x, consts, min_run_time, threads):
    """The forward alone, with grad enabled: it runs the training forward and saves for backward."""

    def forward():
        fn(x, *consts)

    return _timer(forward, threads, min_run_time)


def time_backward(fn, x, consts, budget_s):
    """The backward call alone (at the process's thread count, set by ``main``)."""
    times, deadline = [], time.perf_counter() + budget_s
    while len(times) < 5 or (time.perf_counter() < deadline and len(times) < 200):
        x.grad = None
        loss = fn(x, *consts).float().sum()
        start = time.perf_counter()
        loss.backward()
        times.append((time.perf_counter() - start) * 1e3)
    return percentiles(times)


def grad_of(fn, x, consts):
    x = x.detach().clone().requires_grad_(True)
    fn(x, *consts).float().sum().backward()
    return x.grad


def _float64_grad(w: Workload, x, consts) -> torch.Tensor:
    """The gradient with every floating input (x and the constants) in float64: the exact-ish answer
    that eager bf16/fp16 and the compiled gradients both approximate."""
    consts64 = [c.double() if c.is_floating_point() else c for c in consts]
    return grad_of(w.fn, x.double(), consts64).double()


def run_workload(w: Workload, quick: bool, meta: dict) -> tuple[list[dict], dict]:
    rows, wrong = [], {}
    x, *consts = w.make_inputs()
    x.requires_grad_(True)
    compiled = {p: compile_provider(w, p) for p in PROVIDERS}
    eager_grad = grad_of(w.fn, x, consts)
    low_precision = w.dtype in (torch.bfloat16, torch.float16)
    grad64 = _float64_grad(w, x, consts) if low_precision else None
    with torch.no_grad():
        eager_out = w.fn(x, *consts)
    threads = meta["threads"]
    for provider, (fn, compile_s) in compiled.items():
        def row(metric, unit, median, p20=None, p80=None):
            rows.append(dict(workload=w.name, shape=w.shape, dtype=str(w.dtype).removeprefix("torch."),
                             provider=provider, metric=metric, unit=unit, median=median,
                             p20=median if p20 is None else p20, p80=median if p80 is None else p80, **meta))

        row("fwd_bwd_ms", "ms", *time_fwd_bwd(fn, x, consts, 0.2 if quick else 1.0, threads))
        row("fwd_ms", "ms", *time_forward(fn, x, consts, 0.2 if quick else 0.6, threads))
        row("bwd_ms", "ms", *time_backward(fn, x, consts, 0.3 if quick else 1.5))
        row("saved_bytes", "B", saved_bytes(lambda: fn(x, *consts)))
        if compile_s is not None:
            row("compile_s", "s", compile_s)
        grad = grad_of(fn, x, consts)
        problems = compare_gradients(eager_grad, grad, w.dtype) if provider != "eager" else []
        if low_precision:
            row("grad_err_fp64", "relative", relative_error(grad, grad64))
            if as_accurate_as_eager(problems, grad, eager_grad, grad64):
                problems = []
        wrong[provider] = "; ".join(map(str, problems))
        row("grad_wrong", "bool", int(bool(problems)))
        row("fwd_equal_eager", "fraction", bitwise_equal_fraction(fn(x, *consts).detach(), eager_out))
    torch._dynamo.reset()
    return rows, wrong


def _value(rows, w_key, provider, metric):
    for r in rows:
        if (r["workload"], r["shape"], r["dtype"]) == w_key and r["provider"] == provider and r["metric"] == metric:
            return float(r["median"])
    return math.nan


def geomean(values: list[float]) -> float:
    return math.exp(statistics.fmean(math.log(v) for v in values))


def summarize(rows: list[dict], wrong: dict) -> str:
    keys = list(dict.fromkeys((r["workload"], r["shape"], r["dtype"]) for r in rows))
    threads = rows[0]["threads"] if rows else "?"
    lines = [
        f"Threads: {threads}. Times are medians in ms; ratios below 1 mean patched is faster.",
        "",
        "| workload | shape | dtype | fwd+bwd ms eager / stock / patched | patched/stock | patched/eager "
        "| fwd patched/stock | bwd patched/stock | saved B/elem eager / stock / patched "
        "| fwd bitwise = eager, stock / patched | compile s stock / patched | stock gradients |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    ratios_ps, ratios_compile = [], []
    for key in keys:
        def get(metric, providers=PROVIDERS):
            return {p: _value(rows, key, p, metric) for p in providers}

        fb, fw, bw, sb = get("fwd_bwd_ms"), get("fwd_ms"), get("bwd_ms"), get("saved_bytes")
        cs = get("compile_s", ("stock", "patched"))
        feq = get("fwd_equal_eager", ("stock", "patched"))
        numel = wrong[key]["numel"]
        ratios_ps.append(fb["patched"] / fb["stock"])
        ratios_compile.append(cs["patched"] / cs["stock"])
        stock_note = f"**WRONG** ({wrong[key]['stock']})" if wrong[key]["stock"] else "right"
        if wrong[key]["patched"]:
            stock_note += f"; patched WRONG ({wrong[key]['patched']})"
        lines.append(
            f"| {key[0]} | {key[1]} | {key[2]} | {fb['eager']:.3g} / {fb['stock']:.3g} / {fb['patched']:.3g} "
            f"| {fb['patched'] / fb['stock']:.2f} | {fb['patched'] / fb['eager']:.2f} "
            f"| {fw['patched'] / fw['stock']:.2f} | {bw['patched'] / bw['stock']:.2f} "
            f"| {sb['eager'] / numel:.2f} / {sb['stock'] / numel:.2f} / {sb['patched'] / numel:.2f} "
            f"| {feq['stock']:.3f} / {feq['patched']:.3f} "
            f"| {cs['stock']:.1f} / {cs['patched']:.1f} | {stock_note} |"
        )
    lines.append("")
    lines.append(
        f"Geometric mean over workloads: fwd+bwd patched/stock = {geomean(ratios_ps):.3f}; "
        f"compile time patched/stock = {geomean(ratios_compile):.3f}."
    )
    lines.append("Saved bytes per element of the first input (x).")
    return "\n".join(lines)


def plot(rows: list[dict], path: Path) -> None:
    """fwd+bwd time of patched (bars) and eager (dots) relative to stock compile (the line at 1)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    except ImportError:
        log.warning("matplotlib is not installed: no plot written (pip install matplotlib)")
        return
    keys = list(dict.fromkeys((r["workload"], r["shape"], r["dtype"]) for r in rows))
    labels = [f"{k[0]} {k[1]} {k[2]}" for k in keys]
    stock = [_value(rows, k, "stock", "fwd_bwd_ms") for k in keys]
    patched = [_value(rows, k, "patched", "fwd_bwd_ms") / s for k, s in zip(keys, stock)]
    eager = [_value(rows, k, "eager", "fwd_bwd_ms") / s for k, s in zip(keys, stock)]
    fig, ax = plt.subplots(figsize=(10, 0.32 * len(keys) + 1.8))
    idx = list(range(len(keys)))
    ax.hlines(idx, 1.0, patched, color="tab:blue", linewidth=2)
    ax.scatter(patched, idx, marker="D", color="tab:blue", zorder=3, label="patched compile (torch_patch)")
    ax.scatter(eager, idx, marker="o", color="tab:orange", zorder=3, label="eager")
    ax.axvline(1.0, color="black", linewidth=1.0, label="stock compile (= 1)")
    ax.set_xscale("log")
    candidates = (0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.7, 1, 1.5, 2, 3, 5, 10, 20, 50)
    low, high = min(patched + eager + [1.0]), max(patched + eager + [1.0])
    ax.set_xlim(low / 1.15, high * 1.15)
    ticks = [t for t in candidates if low / 1.15 <= t <= high * 1.15]
    ax.xaxis.set_major_locator(FixedLocator(ticks))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}x"))
    ax.set_yticks(idx, labels, fontsize=7)
    ax.invert_yaxis()
    ax.grid(axis="x", linewidth=0.3)
    threads = rows[0]["threads"] if rows else "?"
    ax.set_xlabel("fwd+bwd time relative to stock torch.compile (log scale; lower is faster)")
    fig.legend(loc="lower center", ncol=3, fontsize=8, frameon=False)
    ax.set_title(f"torch_patch, torch {torch.__version__}, {threads} threads")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    fig.savefig(path, dpi=110)


def _warm_up() -> None:
    """One throwaway compile, so the first measured compile_s does not include Inductor's start-up."""
    x = torch.randn(8, 8, requires_grad=True)
    with torch._inductor.config.patch(force_disable_caches=True):
        torch.compile(lambda x: x.sin().amax(-1))(x).sum().backward()
    torch._dynamo.reset()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, short timing (< 3 min on 2 cores)")
    parser.add_argument(
        "--threads", type=int, default=torch.get_num_threads(),
        help="intra-op threads for every timing (default: torch.get_num_threads(), here %(default)s)",
    )
    parser.add_argument(
        "--only", nargs="+", metavar="NAME", help="run only the workloads with these names (e.g. gnn_max_aggr)"
    )
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/results.csv"), help="CSV path")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("torch_patch").setLevel(logging.WARNING)
    if args.threads < 1:
        parser.error(f"--threads must be at least 1, got {args.threads}")
    torch.set_num_threads(args.threads)
    _warm_up()
    meta = {"threads": args.threads, "torch_version": torch.__version__, "cpu": cpu_name()}
    log.info("benchmarking at %d thread(s), torch %s", args.threads, torch.__version__)
    all_rows, wrong = [], {}
    todo = workloads(args.quick)
    if args.only:
        known = sorted({w.name for w in todo})
        unknown = sorted(set(args.only) - set(known))
        if unknown:
            parser.error(f"unknown workload(s) {unknown}; known: {known}")
        todo = [w for w in todo if w.name in args.only]
    for index, w in enumerate(todo, 1):
        start = time.perf_counter()
        rows, w_wrong = run_workload(w, args.quick, meta)
        key = (w.name, w.shape, str(w.dtype).removeprefix("torch."))
        wrong[key] = {**w_wrong, "numel": w.numel}
        all_rows += rows
        log.info("[%d/%d] %-18s %-22s %-9s done in %.1fs", index, len(todo), *key, time.perf_counter() - start)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(all_rows)
    summary = summarize(all_rows, wrong)
    args.out.with_suffix(".md").write_text(summary + "\n")
    plot(all_rows, args.out.with_suffix(".png"))
    print(summary)
    log.info("wrote %s, %s, %s", args.out, args.out.with_suffix(".md"), args.out.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
