"""The fix's design alternatives, measured side by side (re-check the design choice on your machine).

    python benchmarks/design_alternatives.py [--threads N] [--out FILE.md]

Every variant gives right gradients; they differ in what the forward computes and what is saved:

  copy+saved-mask     the first design: forward reduction untouched (``red(X)``), a stored copy ``M``
                      and a second reduction ``red(M)`` for the mask; the partitioner is free to
                      compute the mask in the forward and save it (it saves the bool mask)
  fwd-copy+saved-mask the forward reduces the copy (``red(M)``, store fused into the reduction),
                      mask nodes untagged (the partitioner saves the bool mask)
  fwd-copy+recompute  the forward reduces the copy, mask nodes ``MUST_RECOMPUTE`` (the backward
                      compares the saved ``M`` with ``R``), C++ store and reduction in two passes
  chosen              as above plus ``torch_patch.cpp_fusion``: store and reduction in one pass

It prints a markdown table (fwd+bwd, fwd and bwd medians in ms, saved bytes per element, gradient
check) and writes it to ``--out``.  Timings run at ``torch.get_num_threads()`` threads by default.
"""

from __future__ import annotations

import argparse
import logging
import sys
import time
from pathlib import Path

import torch
from torch._inductor import config as inductor_config
from torch._inductor.custom_graph_pass import CustomGraphPass

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch_patch  # noqa: E402
from torch_patch import cpp_fusion, reduction_pass  # noqa: E402
from torch_patch.testing.saved_bytes import saved_bytes  # noqa: E402
from torch_patch.testing.verify import compare_gradients  # noqa: E402
from run import fresh_function, grad_of, time_backward, time_forward, time_fwd_bwd  # noqa: E402
from workloads import Workload, inf_norm, pointnet_maxpool, seed_pattern  # noqa: E402

log = logging.getLogger("benchmarks.design_alternatives")
VARIANTS = ("copy+saved-mask", "fwd-copy+saved-mask", "fwd-copy+recompute", "chosen")


def _first_design(graph: torch.fx.Graph, plans) -> None:
    """The first design, kept here only to be measured: ``R = red(X)`` untouched, and the mask
    compares ``M`` with a second reduction ``red(M)`` (its view chain re-based onto that copy)."""
    for plan in plans:
        m = reduction_pass._materialized(graph, plan.reduced)
        red = plan.reduction
        with graph.inserting_after(m):
            red_m = graph.call_function(red.target, (m, *red.args[1:]), dict(red.kwargs))
        red_m.meta["val"] = red.meta.get("val")
        for eq, idx in plan.mask_operands:
            chain, node = [], eq.args[1 - idx]
            while node is not red:
                chain.append(node)
                node = node.args[0]
            base = red_m
            for view in reversed(chain):
                with graph.inserting_before(eq):
                    base = graph.call_function(view.target, (base, *view.args[1:]), dict(view.kwargs))
                base.meta["val"] = view.meta.get("val")
            eq.update_arg(idx, m)
            eq.update_arg(1 - idx, base)
        for isnan in plan.nan_operands:
            isnan.update_arg(0, m)


class VariantPass(CustomGraphPass):
    def __init__(self, variant: str) -> None:
        self.variant = variant

    def __call__(self, graph: torch.fx.Graph) -> None:
        plans, _ = reduction_pass.plan_rewrites(graph)
        if self.variant == "copy+saved-mask":
            _first_design(graph, plans)
        else:
            reduction_pass.apply_rewrites(graph, plans)
            if self.variant == "fwd-copy+saved-mask":
                for plan in plans:
                    for node in [eq for eq, _ in plan.mask_operands] + plan.nan_operands:
                        node.meta.pop("recompute", None)
        graph.eliminate_dead_code()

    def uuid(self) -> str:
        return f"design_alternatives.{self.variant}.{time.time_ns()}"


def compile_variant(w: Workload, variant: str, x, consts):
    if variant == "eager":
        return w.fn
    torch_patch.uninstall()
    if variant == "chosen":
        torch_patch.install()
    elif variant != "stock":
        from torch_patch.materialize_op import register_inductor_lowering

        register_inductor_lowering()
        if variant == "fwd-copy+saved-mask":
            cpp_fusion.install()
        inductor_config.joint_custom_post_pass = VariantPass(variant)
    try:
        fn = torch.compile(fresh_function(w.fn))
        with inductor_config.patch(force_disable_caches=True):
            fn(x, *consts).float().sum().backward()
    finally:
        inductor_config.joint_custom_post_pass = None
        torch_patch.install()
    return fn


def workloads() -> list[Workload]:
    f32 = torch.float32
    return [
        seed_pattern(65536, 64, f32),
        seed_pattern(1024, 4096, f32),
        seed_pattern(1398101, 3, f32),
        seed_pattern(599186, 7, f32),
        inf_norm(4096, 1024, f32),
        pointnet_maxpool(8, 1024, 64, 128, f32),
        seed_pattern(65536, 64, torch.bfloat16),
    ]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--threads", type=int, default=torch.get_num_threads())
    parser.add_argument("--out", type=Path, default=Path("benchmarks/results/design_alternatives.md"))
    args = parser.parse_args(argv)
    if args.threads < 1:
        parser.error(f"--threads must be at least 1, got {args.threads}")
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("torch_patch").setLevel(logging.ERROR)
    torch.set_num_threads(args.threads)
    providers = ("eager", "stock", *VARIANTS)
    lines = [
        f"torch {torch.__version__}, {args.threads} thread(s). Per provider: fwd+bwd ms (fwd / bwd), saved B/elem.",
        "",
        "| workload | " + " | ".join(providers) + " |",
        "|---|" + "---|" * len(providers),
    ]
    todo = workloads()
    for index, w in enumerate(todo, 1):
        start = time.perf_counter()
        x, *consts = w.make_inputs()
        x.requires_grad_(True)
        eager_grad = grad_of(w.fn, x, consts)
        cells = []
        for provider in providers:
            fn = compile_variant(w, provider, x, consts)
            total = time_fwd_bwd(fn, x, consts, 1.0, args.threads)[0]
            fwd = time_forward(fn, x, consts, 0.5, args.threads)[0]
            bwd = time_backward(fn, x, consts, 1.0)[0]
            per_elem = saved_bytes(lambda: fn(x, *consts)) / w.numel
            wrong = provider != "eager" and bool(compare_gradients(eager_grad, grad_of(fn, x, consts), w.dtype))
            cells.append(f"{total:.3g} ({fwd:.3g} / {bwd:.3g}), {per_elem:.2f}{' **wrong**' if wrong else ''}")
            torch._dynamo.reset()
        dtype = str(w.dtype).removeprefix("torch.")
        lines.append(f"| {w.name} {w.shape} {dtype} | " + " | ".join(cells) + " |")
        log.info("[%d/%d] %s %s %s done in %.0fs", index, len(todo), w.name, w.shape, dtype, time.perf_counter() - start)
    table = "\n".join(lines)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(table + "\n")
    print(table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
