"""Benchmarks: eager vs stock torch.compile vs torch.compile with torch_patch, speed and memory.

    python benchmarks/run.py [--quick] [--only NAME ...] [--threads N] [--rounds R] [--policy P] [--out FILE.csv]

Every workload (benchmarks/workloads.py) runs in a fresh process with its own empty Inductor cache.  There
the three providers are compiled, checked against eager, and then measured:

  fwd_bwd_ms      one forward + backward step, timed with the providers *taking turns*: each round runs
                  every provider for the same number of steps (about 40 ms of work), in an order that
                  rotates from round to round.  A change of the machine's speed during the run (another
                  process, clock frequency, the allocator) then touches all providers alike instead of
                  one provider's window; timed in separate windows, one sub-ms ratio read 1.51 and 0.64
                  in two runs.  Reported: the median over the rounds and p25/p75.
  ratio           patched/stock and patched/eager per round (the same round's times), median and
                  p25/p75 of those: the spread says how much a ratio can be trusted.
  saved_bytes     bytes saved for the backward (``torch.autograd.graph.saved_tensors_hooks``, unique
                  storages): what the partitioner kept.
  peak_bytes      the most bytes allocated at once during one fwd+bwd step, above what was allocated
                  when it started (the inputs, the parameters), from the torch profiler's allocation
                  events: exact tensor bytes, whatever malloc does with them.
  compile_s       first fwd+bwd call with Inductor's caches disabled (stock and patched).
  grad_wrong      1 when the provider's gradient is wrong by ``torch_patch.testing.verify`` (bf16/fp16:
                  a support/value difference counts only if farther from the float64 gradient than
                  eager's, ``as_accurate_as_eager``); grad_err_fp64 is that distance (bf16/fp16).
  fwd_equal_eager fraction of forward output elements bitwise equal to eager's.

Threads: ``torch.get_num_threads()`` unless ``--threads`` (``torch.utils.benchmark.Timer`` alone would use
ONE thread, which hides memory-bound costs).  Writes a long-format CSV, a markdown table of the ratios
(``.md``) and a plot (``.png``) next to it; progress goes to the log as each workload finishes.
"""

from __future__ import annotations

import argparse
import csv
import gc
import json
import logging
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import torch  # noqa: E402

import torch_patch  # noqa: E402
from torch_patch.testing.saved_bytes import peak_bytes, saved_bytes  # noqa: E402
from torch_patch.testing.verify import (  # noqa: E402
    as_accurate_as_eager,
    bitwise_equal_fraction,
    compare_gradients,
    relative_error,
)
from workloads import Workload, workloads  # noqa: E402

log = logging.getLogger("benchmarks")
COLUMNS = (
    "workload", "shape", "dtype", "provider", "metric", "unit", "median", "p25", "p75", "threads", "torch_version",
    "cpu", "policy",
)
PROVIDERS = ("eager", "stock", "patched")
#: Seconds of work per provider per round; a provider's steps per round are calibrated to it.
ROUND_SECONDS = 0.04


def cpu_name() -> str:
    """The CPU as a row's ``cpu`` column: model name, family/model/stepping and the vector ISA torch uses.

    Why the detail: the same code and workload have read patched/stock 1.00 in one session and 1.35 in
    another (bf16 tie count, 2026-12-04), on machines that both call themselves "AMD EPYC".  Ratios repeat
    on one machine, not across microarchitectures; the column tells which machine a result came from.
    """
    fields = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            fields.setdefault(key.strip(), value.strip())
            if not key.strip():  # end of the first processor's block
                break
    except OSError:
        pass
    name = fields.get("model name") or platform.processor() or "unknown"
    ident = " ".join(f"{key.split()[-1]} {fields[key]}" for key in ("cpu family", "model", "stepping") if key in fields)
    isa = torch.backends.cpu.get_cpu_capability()
    return f"{name} ({ident}, {isa})" if ident else f"{name} ({isa})"


def fresh_function(fn):
    """A copy of ``fn`` with its own code object: Dynamo caches compiled code per code object, so
    the stock and patched compilations of one workload must not share it."""
    code = fn.__code__.replace(co_name=f"{fn.__code__.co_name}_{id(object())}")
    return types.FunctionType(code, fn.__globals__, code.co_name, fn.__defaults__, fn.__closure__)


def compile_provider(w: Workload, provider: str, policy: str | None = None):
    """(callable, compile seconds) for a provider; compiles eagerly by running fwd+bwd once.

    ``stock`` compiles with the fix uninstalled, ``patched`` with it installed (``policy``: see
    ``torch_patch.install``); the fix is installed again afterwards either way.
    """
    if provider == "eager":
        return w.fn, None
    if provider == "stock":
        torch_patch.uninstall()
    else:
        torch_patch.install(policy=policy)
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


def quantiles(values: list[float]) -> tuple[float, float, float]:
    """(median, p25, p75) of ``values``."""
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0], ordered[0], ordered[0]
    q = statistics.quantiles(ordered, n=4, method="inclusive")
    return statistics.median(ordered), q[0], q[2]


def grad_of(fn, x, consts):
    x = x.detach().clone().requires_grad_(True)
    fn(x, *consts).float().sum().backward()
    return x.grad


def _float64_grad(w: Workload, x, consts) -> torch.Tensor:
    """The gradient with every floating input (x and the constants) in float64: the exact-ish answer
    that eager bf16/fp16 and the compiled gradients both approximate."""
    consts64 = [c.double() if c.is_floating_point() else c for c in consts]
    return grad_of(w.fn, x.double(), consts64).double()


def time_in_turns(fns: dict, x, consts, rounds: int) -> dict[str, list[float]]:
    """ms per fwd+bwd step of each provider in each of ``rounds`` rounds; the providers take turns.

    Each provider's steps per round are calibrated to about ``ROUND_SECONDS`` of work, and the order of
    the providers rotates every round, so no provider always runs first (or right after another one).
    """

    def step(fn):
        x.grad = None
        fn(x, *consts).float().sum().backward()

    steps = {}
    for name, fn in fns.items():
        for _ in range(3):  # warm-up: first-touch allocations, lazy initialisation
            step(fn)
        start = time.perf_counter()
        step(fn)
        steps[name] = max(1, math.ceil(ROUND_SECONDS / max(time.perf_counter() - start, 1e-6)))
    names = list(fns)
    times: dict[str, list[float]] = {name: [] for name in names}
    gc.collect()
    gc.disable()
    try:
        for r in range(rounds):
            for name in names[r % len(names):] + names[: r % len(names)]:
                fn, n = fns[name], steps[name]
                start = time.perf_counter()
                for _ in range(n):
                    step(fn)
                times[name].append((time.perf_counter() - start) / n * 1e3)
    finally:
        gc.enable()
    return times


def run_workload(w: Workload, rounds: int, meta: dict, policy: str) -> list[dict]:
    """Every metric of one workload, as long-format rows."""
    rows = []
    x, *consts = w.make_inputs()
    x.requires_grad_(True)
    compiled = {p: compile_provider(w, p, policy) for p in PROVIDERS}
    fns = {p: fn for p, (fn, _) in compiled.items()}
    eager_grad = grad_of(w.fn, x, consts)
    low_precision = w.dtype in (torch.bfloat16, torch.float16)
    grad64 = _float64_grad(w, x, consts) if low_precision else None
    with torch.no_grad():
        eager_out = w.fn(x, *consts)

    def row(provider, metric, unit, median, p25=None, p75=None):
        rows.append(dict(
            workload=w.name, shape=w.shape, dtype=str(w.dtype).removeprefix("torch."), provider=provider,
            metric=metric, unit=unit, median=median, p25=median if p25 is None else p25,
            p75=median if p75 is None else p75, **meta,
        ))

    for provider, (fn, compile_s) in compiled.items():
        row(provider, "saved_bytes", "B", saved_bytes(lambda: fn(x, *consts)))
        x.grad = None
        row(provider, "peak_bytes", "B", peak_bytes(lambda: fn(x, *consts).float().sum().backward()))
        if compile_s is not None:
            row(provider, "compile_s", "s", compile_s)
        grad = grad_of(fn, x, consts)
        problems = compare_gradients(eager_grad, grad, w.dtype) if provider != "eager" else []
        if low_precision:
            row(provider, "grad_err_fp64", "relative", relative_error(grad, grad64))
            if as_accurate_as_eager(problems, grad, eager_grad, grad64):
                problems = []
        row(provider, "grad_wrong", "bool", int(bool(problems)))
        rows[-1]["detail"] = "; ".join(map(str, problems))
        row(provider, "fwd_equal_eager", "fraction", bitwise_equal_fraction(fn(x, *consts).detach(), eager_out))
    times = time_in_turns(fns, x, consts, rounds)
    for provider, values in times.items():
        row(provider, "fwd_bwd_ms", "ms", *quantiles(values))
    for base in ("stock", "eager"):
        ratios = [p / b for p, b in zip(times["patched"], times[base])]
        row("patched", f"ratio_to_{base}", "ratio", *quantiles(ratios))
    return rows


def _warm_up() -> None:
    """One throwaway compile, so that the first measured compile_s does not include Inductor's start-up."""
    x = torch.randn(8, 8, requires_grad=True)
    with torch._inductor.config.patch(force_disable_caches=True):
        torch.compile(lambda x: x.sin().amax(-1))(x).sum().backward()
    torch._dynamo.reset()


def _worker(index: int, quick: bool, rounds: int, threads: int, policy: str) -> int:
    """Measure workload ``index`` of ``workloads(quick)`` and print its rows as JSON lines."""
    logging.getLogger("torch_patch").setLevel(logging.WARNING)
    torch.set_num_threads(threads)
    _warm_up()
    meta = {"threads": threads, "torch_version": torch.__version__, "cpu": cpu_name(), "policy": policy}
    w = workloads(quick)[index]
    for r in run_workload(w, rounds, meta, policy):
        print(json.dumps(r))
    return 0


def _run_in_fresh_process(index: int, args) -> list[dict]:
    command = [
        sys.executable, str(Path(__file__).resolve()), "--worker", str(index), "--threads", str(args.threads),
        "--rounds", str(args.rounds), "--policy", args.policy,
    ] + (["--quick"] if args.quick else [])
    with tempfile.TemporaryDirectory(prefix="torch_patch_bench_cache_") as cache_dir:
        env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=cache_dir)
        env.pop("TORCH_PATCH_DISABLE", None)
        proc = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"workload {index} failed (exit {proc.returncode}):\n{proc.stderr[-3000:]}")
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def _value(rows, key, provider, metric, field="median"):
    for r in rows:
        if (r["workload"], r["shape"], r["dtype"]) == key and r["provider"] == provider and r["metric"] == metric:
            return float(r[field])
    return math.nan


def geomean(values: list[float]) -> float:
    return math.exp(statistics.fmean(math.log(v) for v in values))


def _mb(value: float) -> str:
    return f"{value / 1e6:.3g}"


def _getter(rows, key):
    """``get(provider, metric, field="median")`` for the rows of workload ``key``."""

    def get(provider, metric, field="median"):
        return _value(rows, key, provider, metric, field)

    return get


def _ratio(patched: float, stock: float) -> float:
    return patched / stock if stock > 0 else (1.0 if patched <= 0 else math.inf)


def summarize(rows: list[dict]) -> str:
    keys = list(dict.fromkeys((r["workload"], r["shape"], r["dtype"]) for r in rows))
    meta = {key: rows[0][key] if rows else "?" for key in ("threads", "policy", "torch_version", "cpu")}
    lines = [
        f"Threads: {meta['threads']}; policy {meta['policy']}; torch {meta['torch_version']}; CPU {meta['cpu']}. "
        "fwd+bwd medians in ms over rounds in which "
        "the providers take turns; a ratio is the median of the per-round ratios, [p25–p75] its spread. Saved: "
        "bytes kept for the backward. Peak: most bytes allocated at once during one step.",
        "",
        "| workload | shape | dtype | fwd+bwd ms eager / stock / patched | patched/stock [p25–p75] | patched/eager "
        "| saved MB stock → patched (ratio) | peak MB stock → patched (ratio) | fwd bitwise = eager, stock / patched "
        "| compile s stock / patched | stock gradient | patched gradient |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    ratios, saved_ratios, peak_ratios = [], [], []
    for key in keys:
        get = _getter(rows, key)
        ms = {p: get(p, "fwd_bwd_ms") for p in PROVIDERS}
        ratio = get("patched", "ratio_to_stock")
        saved = {p: get(p, "saved_bytes") for p in ("stock", "patched")}
        peak = {p: get(p, "peak_bytes") for p in ("stock", "patched")}
        ratios.append(ratio)
        saved_ratios.append(_ratio(saved["patched"], saved["stock"]))
        peak_ratios.append(_ratio(peak["patched"], peak["stock"]))

        def verdict(provider):
            detail = next(
                (r.get("detail", "") for r in rows if (r["workload"], r["shape"], r["dtype"]) == key
                 and r["provider"] == provider and r["metric"] == "grad_wrong"),
                "",
            )
            return f"**WRONG** ({detail[:90]})" if get(provider, "grad_wrong") else "right"

        lines.append(
            f"| {key[0]} | {key[1]} | {key[2]} | {ms['eager']:.3g} / {ms['stock']:.3g} / {ms['patched']:.3g} "
            f"| **{ratio:.2f}** [{get('patched', 'ratio_to_stock', 'p25'):.2f}–{get('patched', 'ratio_to_stock', 'p75'):.2f}] "
            f"| {get('patched', 'ratio_to_eager'):.2f} "
            f"| {_mb(saved['stock'])} → {_mb(saved['patched'])} ({saved_ratios[-1]:.2f}) "
            f"| {_mb(peak['stock'])} → {_mb(peak['patched'])} ({peak_ratios[-1]:.2f}) "
            f"| {get('stock', 'fwd_equal_eager'):.3f} / {get('patched', 'fwd_equal_eager'):.3f} "
            f"| {get('stock', 'compile_s'):.1f} / {get('patched', 'compile_s'):.1f} | {verdict('stock')} | {verdict('patched')} |"
        )
    lines += [
        "",
        f"{len(keys)} workloads. fwd+bwd patched/stock: geometric mean **{geomean(ratios):.3f}**, worst "
        f"{max(ratios):.2f}. Saved bytes patched/stock: worst {max(saved_ratios):.2f}. Peak patched/stock: worst "
        f"{max(peak_ratios):.2f}.",
    ]
    return "\n".join(lines)


def plot(rows: list[dict], path: Path) -> bool:
    """fwd+bwd time of patched (bars, with the p25-p75 spread) and eager (dots) relative to stock compile.
    False, writing nothing, without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    except ImportError:
        log.warning("matplotlib is not installed: no plot written (pip install matplotlib)")
        return False
    keys = list(dict.fromkeys((r["workload"], r["shape"], r["dtype"]) for r in rows))
    labels = [f"{k[0]} {k[1]} {k[2]}" for k in keys]
    patched = [_value(rows, k, "patched", "ratio_to_stock") for k in keys]
    low = [_value(rows, k, "patched", "ratio_to_stock", "p25") for k in keys]
    high = [_value(rows, k, "patched", "ratio_to_stock", "p75") for k in keys]
    eager = [_value(rows, k, "eager", "fwd_bwd_ms") / _value(rows, k, "stock", "fwd_bwd_ms") for k in keys]
    fig, ax = plt.subplots(figsize=(10, 0.32 * len(keys) + 1.8))
    idx = list(range(len(keys)))
    ax.hlines(idx, 1.0, patched, color="tab:blue", linewidth=2)
    ax.hlines(idx, low, high, color="tab:blue", linewidth=6, alpha=0.3)
    ax.scatter(patched, idx, marker="D", color="tab:blue", zorder=3, label="patched compile (torch_patch)")
    ax.scatter(eager, idx, marker="o", color="tab:orange", zorder=3, label="eager")
    ax.axvline(1.0, color="black", linewidth=1.0, label="stock compile (= 1)")
    ax.set_xscale("log")
    candidates = (0.02, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1, 1.5, 2, 3, 5, 10, 20, 50)
    lo, hi = min(low + eager + [1.0]), max(high + eager + [1.0])
    ax.set_xlim(lo / 1.15, hi * 1.15)
    ax.xaxis.set_major_locator(FixedLocator([t for t in candidates if lo / 1.15 <= t <= hi * 1.15]))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}x"))
    ax.set_yticks(idx, labels, fontsize=7)
    ax.invert_yaxis()
    ax.grid(axis="x", linewidth=0.3)
    threads = rows[0]["threads"] if rows else "?"
    ax.set_xlabel("fwd+bwd time relative to stock torch.compile, providers timed in turns (log scale; lower is faster)")
    fig.legend(loc="lower center", ncol=3, fontsize=8, frameon=False)
    ax.set_title(f"torch_patch, torch {torch.__version__}, {threads} threads")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, fewer rounds (a few minutes on 2 cores)")
    parser.add_argument(
        "--threads", type=int, default=torch.get_num_threads(),
        help="intra-op threads for every timing (default: torch.get_num_threads(), here %(default)s)",
    )
    parser.add_argument("--rounds", type=int, default=None, help="rounds of turns per workload (default 15; 11 with --quick)")
    parser.add_argument(
        "--policy", choices=("recompute", "save"), default="recompute",
        help="the patched provider's policy (torch_patch.install(policy=...)); default %(default)s",
    )
    parser.add_argument("--only", nargs="+", metavar="NAME", help="run only the workloads with these names (e.g. chamfer)")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "results.csv", help="CSV path")
    parser.add_argument("--worker", type=int, metavar="INDEX", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if args.threads < 1:
        parser.error(f"--threads must be at least 1, got {args.threads}")
    if args.rounds is None:
        args.rounds = 11 if args.quick else 15
    if args.rounds < 3:
        parser.error(f"--rounds must be at least 3 (a spread needs several rounds), got {args.rounds}")
    if args.worker is not None:
        return _worker(args.worker, args.quick, args.rounds, args.threads, args.policy)
    todo = list(enumerate(workloads(args.quick)))
    if args.only:
        known = sorted({w.name for _, w in todo})
        unknown = sorted(set(args.only) - set(known))
        if unknown:
            parser.error(f"unknown workload(s) {unknown}; known: {known}")
        todo = [(i, w) for i, w in todo if w.name in args.only]
    log.info(
        "benchmarking %d workloads at %d thread(s), torch %s, policy %s, %d rounds each, one fresh process per workload",
        len(todo), args.threads, torch.__version__, args.policy, args.rounds,
    )
    all_rows = []
    started = time.perf_counter()
    for n, (index, w) in enumerate(todo, 1):
        start = time.perf_counter()
        rows = _run_in_fresh_process(index, args)
        all_rows += rows
        key = (w.name, w.shape, str(w.dtype).removeprefix("torch."))
        get = _getter(rows, key)
        log.info(
            "[%d/%d] %s %s %s: patched/stock %.2f [%.2f-%.2f], saved %.2f, peak %.2f x stock%s (%.0f s; %.0f s so far)",
            n, len(todo), *key, get("patched", "ratio_to_stock"), get("patched", "ratio_to_stock", "p25"),
            get("patched", "ratio_to_stock", "p75"),
            _ratio(get("patched", "saved_bytes"), get("stock", "saved_bytes")),
            _ratio(get("patched", "peak_bytes"), get("stock", "peak_bytes")),
            "; PATCHED GRADIENT WRONG" if get("patched", "grad_wrong") else "",
            time.perf_counter() - start, time.perf_counter() - started,
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(all_rows)
    summary = summarize(all_rows)
    args.out.with_suffix(".md").write_text(summary + "\n")
    written = [args.out, args.out.with_suffix(".md")]
    if plot(all_rows, args.out.with_suffix(".png")):
        written.append(args.out.with_suffix(".png"))
    print(summary)
    log.info("wrote %s", ", ".join(map(str, written)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
