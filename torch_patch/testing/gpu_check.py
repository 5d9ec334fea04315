"""The GPU check: the fix on CUDA (Triton code), stock vs fix, in one short run (a few minutes).

    bash scripts/gpu_check.sh [OUT_DIR]        (python -m torch_patch.testing.gpu_check --out OUT_DIR)

Why a separate check: CI and the development machines have no GPU, and Inductor's CUDA backend
(Triton) generates other code than the C++ one, so "the fix works on CUDA" must be measured there.
Without a CUDA device it says so and exits 0.  On one it runs, each step logged with its time:

1. the family and user-written masks on CUDA (fp32/bf16/fp16), fix off and on, each side in a fresh
   subprocess with its own empty Inductor cache (``torch_patch.testing.demo.run_worker``), plus the two
   reported CUDA repros: the fp16 ``matmul -> amax`` of a comment on PyTorch #186799 and the
   ``index_reduce(..., "amax")`` of PyTorch #168358; a table of right/WRONG per case;
2. the generated Triton code of one case (bf16 ``(x * y).amin(-1)``), stock and fix, written to
   ``OUT_DIR`` (stock's backward recomputes ``x * y`` for the mask; the fix's should load it);
3. one large bf16 workload (a PointNet-style ``gelu(x @ w).amax(1)``), fwd+bwd, patched/stock, timed
   with CUDA events;
4. the Triton lane's tests on the GPU with no workaround (``TORCH_PATCH_BACKEND=cuda pytest
   test/test_triton_lane.py``: the cases the interpreter lane checks on CPU tensors, on CUDA tensors),
   and the test-suite's other CUDA tests (``-k cuda``).

Exit status: 0 when every case is right with the fix (or when there is no GPU), 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import subprocess
import sys
import time
from pathlib import Path

import torch

log = logging.getLogger("torch_patch.gpu_check")

REPO_ROOT = Path(__file__).resolve().parents[2]


def gpu_cases():
    """The family on CUDA: one case per mechanism and dtype, and user-written masks."""
    from torch_patch.testing.cases import Case

    return [
        Case("atan2", "amin_last", "fp32", (2, 3), device="cuda"),  # the seed
        Case("atan2", "amin_last", "fp32", (16, 7), device="cuda"),
        Case("mul", "amin_last", "bf16", (8, 64), device="cuda"),
        Case("mul", "amax_first_keepdim", "fp16", (64, 32), device="cuda"),
        Case("sin", "max_all", "fp16", (4, 9), device="cuda"),
        Case("atan2", "norm_inf", "bf16", (16, 7), device="cuda"),
        Case("gelu_matmul", "amax_first_keepdim", "bf16", (32, 16), device="cuda"),
        Case("atan2", "amin_last", "fp32", (4, 3), wrapper="func_grad", device="cuda"),
        Case("sin", "scatter_amax", "bf16", (6, 7), device="cuda"),
        Case("sin", "index_amax", "fp16", (6, 7), device="cuda"),
        Case("sin", "median_all", "bf16", (6, 7), device="cuda"),
        Case("mul", "mask:max_dim:eq:count", "bf16", (64, 37), wrapper="no_grad", device="cuda"),
        Case("mul", "mask:amax:eq:count", "fp16", (64, 256), wrapper="no_grad", device="cuda"),
        Case("mul", "mask:topk_slice:ge:where", "bf16", (64, 37), device="cuda"),
    ]


# --- the two reported CUDA repros, as functions of the fix state ---------------------------------


def _matmul_amax_fp16():
    """The repro of a comment on PyTorch #186799: fp16 ``x @ W`` with two gradient paths, ``amax``."""
    torch.manual_seed(0)
    x = torch.randn(1, 10, 2, device="cuda", dtype=torch.float16)
    ws = [torch.randn(2, 2, device="cuda", dtype=torch.float16) for _ in range(3)]

    def f(x, w1, w2, w3):
        feat = x @ w1
        feat = feat + feat @ w2
        return feat + feat.amax(dim=1, keepdim=True).expand(-1, 10, -1) @ w3

    return f, (x, *ws)


def _index_reduce_amax():
    """The repro of PyTorch #168358: ``index_reduce(..., "amax", include_self=False)`` into ``-inf``."""
    torch.manual_seed(0)

    def f(src, index):
        out = torch.full((1,), float("-inf"), dtype=src.dtype, device=src.device)
        return out.index_reduce(0, index, src, "amax", include_self=False)

    return f, (torch.randn(5, device="cuda"), torch.zeros(5, dtype=torch.int64, device="cuda"))


REPORTED = {"#186799 comment: fp16 matmul -> amax": _matmul_amax_fp16, "#168358: index_reduce amax": _index_reduce_amax}


def _reported_worker() -> int:
    """Subprocess side of ``run_reported``: every reported repro, eager vs compiled, as JSON lines."""
    import torch_patch  # noqa: F401 - installs the fix unless TORCH_PATCH_DISABLE is set

    for name, build in REPORTED.items():
        torch._dynamo.reset()
        try:
            f, (first, *rest) = build()
            grads = []
            for fn in (f, torch.compile(f)):
                x = first.clone().requires_grad_(True)
                (grad,) = torch.autograd.grad(fn(x, *rest).float().sum(), x)
                grads.append(grad)
            eager, compiled = grads
            problems = []
            if bool(compiled.isnan().any()) and not bool(eager.isnan().any()):
                problems.append("NaN gradient that eager lacks")
            elif not torch.equal(eager != 0, compiled != 0):
                problems.append("gradient support differs from eager")
            elif not torch.allclose(eager.float(), compiled.float(), rtol=1e-2, atol=1e-2):
                problems.append("gradient values differ from eager")
        except Exception as exc:  # noqa: BLE001 - reported, not a crash of the check
            problems = [f"error: {exc!r}"[:200]]
        sys.stdout.write(json.dumps({"case": name, "problems": problems}) + "\n")
        sys.stdout.flush()
    return 0


def run_reported(fix: bool) -> list[dict]:
    from torch_patch.testing.demo import run_in_fresh_process

    return run_in_fresh_process(["torch_patch.testing.gpu_check", "--reported-worker"], fix)


# --- Triton code and timing -------------------------------------------------------------------------


def triton_code(out_dir: Path) -> list[str]:
    """Write the generated code of bf16 ``(x * y).amin(-1)`` (fwd+bwd), stock and fix; summary lines."""
    import torch_patch
    from torch_patch.testing.codegen import compiled_code

    gen = torch.Generator().manual_seed(0)
    x = torch.randn(64, 37, generator=gen).bfloat16().cuda()
    y = torch.randn(64, 37, generator=gen).bfloat16().cuda()
    lines = []
    for label, fix in (("stock", False), ("fix", True)):
        torch_patch.install() if fix else torch_patch.uninstall()
        torch._dynamo.reset()
        try:
            f = torch.compile(lambda x, y: (x * y).amin(-1))

            def step(x, y):
                x = x.clone().requires_grad_(True)
                f(x, y).float().sum().backward()
                return x.grad

            _, codes = compiled_code(step, x, y)
        finally:
            torch_patch.install()
        for index, code in enumerate(codes):
            path = out_dir / f"mul_amin_bf16_64x37.{label}.{index}.py"
            path.write_text(code)
        kernels = sum(code.count("@triton.jit") for code in codes)
        lines.append(f"{label}: {len(codes)} module(s), {kernels} Triton kernel(s), written to {out_dir}/mul_amin_bf16_64x37.{label}.*.py")
    return lines


def time_workload(steps: int = 50) -> dict:
    """fwd+bwd ms of a PointNet-style bf16 max-pool, stock and patched, with CUDA events."""
    import torch_patch

    gen = torch.Generator().manual_seed(0)
    x = torch.randn(64, 4096, 128, generator=gen).bfloat16().cuda().requires_grad_(True)
    w = (torch.randn(128, 512, generator=gen) / math.sqrt(128)).bfloat16().cuda()
    result = {}
    for label, fix in (("stock", False), ("patched", True)):
        torch_patch.install() if fix else torch_patch.uninstall()
        torch._dynamo.reset()
        try:
            f = torch.compile(lambda x, w: torch.nn.functional.gelu(x @ w).amax(dim=1))
            for _ in range(3):
                f(x, w).float().sum().backward()
        finally:
            torch_patch.install()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        torch.cuda.synchronize()
        start.record()
        for _ in range(steps):
            x.grad = None
            f(x, w).float().sum().backward()
        end.record()
        torch.cuda.synchronize()
        result[label] = start.elapsed_time(end) / steps
    result["patched/stock"] = result["patched"] / result["stock"]
    return result


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--reported-worker"]:
        return _reported_worker()
    parser = argparse.ArgumentParser(prog="python -m torch_patch.testing.gpu_check", description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("gpu_check_out"), help="where to write the Triton code")
    parser.add_argument("--skip-tests", action="store_true", help="do not run the test-suite's CUDA tests")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    if not torch.cuda.is_available():
        print(f"gpu_check: no CUDA device (torch {torch.__version__}); nothing checked, CUDA stays unverified.")
        return 0
    from torch_patch.testing.demo import run_worker

    print(f"gpu_check: torch {torch.__version__}, {torch.cuda.get_device_name()}")
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    cases = gpu_cases()
    log.info("1/4: %d cases + %d reported repros, fix off and on ...", len(cases), len(REPORTED))
    off, on = run_worker(False, cases) + run_reported(False), run_worker(True, cases) + run_reported(True)
    width = max(len(r["case"]) for r in off)
    print(f"{'case':<{width}}  fix off  fix on  first problem")
    for a, b in zip(off, on):
        first = (b["problems"] or a["problems"] or [""])[0]
        print(f"{a['case']:<{width}}  {'WRONG' if a['problems'] else 'right':<7}  {'WRONG' if b['problems'] else 'right':<6}  {first[:90]}")
    wrong_on = sum(bool(r["problems"]) for r in on)
    print(f"fix off: {sum(bool(r['problems']) for r in off)} of {len(off)} wrong; fix on: {wrong_on} of {len(on)} wrong")
    log.info("2/4: Triton code, stock vs fix ...")
    for line in triton_code(args.out):
        print(line)
    log.info("3/4: timing a bf16 max-pool fwd+bwd ...")
    timing = time_workload()
    print("pointnet bf16 64x4096x128->512 fwd+bwd ms: stock {stock:.3f}, patched {patched:.3f}, patched/stock {patched/stock:.2f}".format(**timing))
    tests_rc = 0
    if not args.skip_tests:
        log.info("4/4: the Triton lane's tests and the other CUDA tests, on the GPU ...")
        import os

        env = dict(os.environ, TORCH_PATCH_BACKEND="cuda")
        for label, selection in (("Triton lane tests on CUDA", ["test/test_triton_lane.py"]), ("CUDA tests", ["-k", "cuda", "test/"])):
            proc = subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *selection],
                cwd=REPO_ROOT, capture_output=True, text=True, check=False, env=env,
            )
            print(f"{label}:", (proc.stdout.strip().splitlines() or ["no output"])[-1])
            tests_rc = tests_rc or (0 if proc.returncode in (0, 5) else proc.returncode)
    print(f"gpu_check: done in {time.perf_counter() - started:.0f} s")
    return 0 if wrong_on == 0 and tests_rc == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
