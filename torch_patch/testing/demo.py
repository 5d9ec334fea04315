"""The main job and doctor: run the built-in cases with the fix off and on, each in a fresh subprocess.

``python -m torch_patch [--matrix] [--json] [--backend cpp|triton]`` reports the torch version, the CPU vector
ISA, the Inductor cache directory, whether this torch is affected (cases wrong with the fix off), and whether
the fix is installed and effective (the same cases with it on).  ``--backend triton`` compiles the cases with
Inductor's Triton backend, the code CUDA users run, and runs it on the CPU with Triton's interpreter
(``torch_patch.testing.triton_lane``; needs triton).  Each side runs in its own process with its own
empty Inductor cache directory, so neither can be served the other's artifacts (or a stale one from an
earlier run).  Exit status 0 means the fix made every built-in case right.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import subprocess
import sys
import tempfile

log = logging.getLogger(__name__)


def run_worker(fix: bool, cases=None, backend: str = "cpp") -> list[dict]:
    """Run ``cases`` (default: the demo cases) in a subprocess; one dict per case.  ``backend="triton"``
    runs them on the Triton lane."""
    from torch_patch.testing.cases import DEMO_CASES

    cases = DEMO_CASES if cases is None else cases
    payload = json.dumps([dataclasses.asdict(c) for c in cases])
    return run_in_fresh_process(["torch_patch.testing.demo", "--worker"], fix, payload, backend)


def run_in_fresh_process(module_args: list[str], fix: bool, stdin: str = "", backend: str = "cpp") -> list[dict]:
    """``python -m <module_args>`` with the fix installed on import or not (``TORCH_PATCH_DISABLE``) and
    its own empty Inductor cache; the JSON lines it prints.  ``backend="triton"`` starts it with the Triton
    lane's environment (``triton_lane.interpreter_env``)."""
    from torch_patch.testing import triton_lane

    with tempfile.TemporaryDirectory(prefix="torch_patch_cache_") as cache_dir:
        env = triton_lane.interpreter_env() if backend == "triton" else dict(os.environ)
        env["TORCHINDUCTOR_CACHE_DIR"] = cache_dir
        env.pop("TORCH_PATCH_DISABLE", None)
        if not fix:
            env["TORCH_PATCH_DISABLE"] = "1"
        proc = subprocess.run(
            [sys.executable, "-m", *module_args], input=stdin, capture_output=True, text=True, env=env, check=False
        )
    if proc.returncode != 0:
        raise RuntimeError(
            f"{' '.join(module_args)} (fix {'on' if fix else 'off'}) failed with exit code "
            f"{proc.returncode}:\n{proc.stderr[-4000:]}"
        )
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def _worker_main() -> int:
    import torch

    import torch_patch
    from torch_patch.testing import triton_lane
    from torch_patch.testing.cases import Case
    from torch_patch.testing.verify import check_case

    if triton_lane.requested():
        error = triton_lane.enter_lane()
        if error:
            raise SystemExit(f"--backend triton: {error}")
    for spec in json.loads(sys.stdin.read()):
        case = Case(**{**spec, "shape": tuple(spec["shape"])})
        torch._dynamo.reset()
        try:
            result = check_case(case)
            problems = [str(m) for m in result.mismatches]
        except Exception as exc:  # noqa: BLE001 - reported as a failed case, not a crash
            problems = [f"error: {exc!r}"]
        record = {"case": case.name, "fix": torch_patch.is_installed(), "problems": problems}
        sys.stdout.write(json.dumps(record) + "\n")
        sys.stdout.flush()
    return 0


def format_table(off: list[dict], on: list[dict]) -> str:
    width = max(len(r["case"]) for r in off + on)
    lines = [f"{'case':<{width}}  {'fix off (stock)':<16}  {'fix on':<8}  first problem (fix on if any, else fix off)"]
    lines.append("-" * len(lines[0]))
    for r_off, r_on in zip(off, on):
        status_off = "WRONG" if r_off["problems"] else "right"
        status_on = "WRONG" if r_on["problems"] else "right"
        first = (r_on["problems"] or r_off["problems"] or [""])[0]
        lines.append(f"{r_off['case']:<{width}}  {status_off:<16}  {status_on:<8}  {first}")
    return "\n".join(lines)


def environment_report(backend: str = "cpp") -> dict:
    """Facts about this machine and torch that decide whether and how the bug shows."""
    import torch

    from torch_patch import compat, inductor

    try:
        from torch._inductor.runtime.cache_dir_utils import cache_dir

        inductor_cache = cache_dir()
    except Exception as exc:  # noqa: BLE001 - a report line, not a requirement
        inductor_cache = f"unknown ({exc!r})"
    return {
        "torch_version": torch.__version__,
        "tested_versions": list(compat.TESTED_VERSIONS),
        "cpu_vector_isa": torch.backends.cpu.get_cpu_capability(),
        "inductor_backend": backend if backend == "cpp" else f"{backend} (Triton's interpreter on the CPU: kernel structure, not GPU numerics)",
        "inductor_cache_dir": inductor_cache,
        "missing_internals": inductor.missing_internals(),
    }


def main(argv: list[str] | None = None) -> int:
    import argparse

    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--worker"]:
        return _worker_main()
    parser = argparse.ArgumentParser(prog="python -m torch_patch", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matrix", action="store_true", help="run the 88-case matrix instead of the built-in demo cases")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of tables")
    parser.add_argument(
        "--backend",
        choices=("cpp", "triton"),
        default="cpp",
        help="Inductor backend: cpp (default) or triton (the code CUDA users run, on Triton's interpreter)",
    )
    args = parser.parse_args(argv)
    if args.backend == "triton":
        from torch_patch.testing import triton_lane

        reason = triton_lane.lane_unavailable(check_interpreter=False)
        if reason:
            parser.error(f"--backend triton: {reason}")

    from torch_patch.testing.cases import DEMO_CASES, matrix_cases

    cases = matrix_cases() if args.matrix else DEMO_CASES
    report = environment_report(args.backend)
    if not args.json:
        for key, value in report.items():
            print(f"{key:>20}: {value}")
        print(f"running {len(cases)} built-in cases, fix off and on, in fresh subprocesses ...", flush=True)
    off = run_worker(fix=False, cases=cases, backend=args.backend)
    if not args.json:
        print(f"fix off: {sum(bool(r['problems']) for r in off)} of {len(off)} wrong; now with the fix ...", flush=True)
    on = run_worker(fix=True, cases=cases, backend=args.backend)
    wrong_off = sum(bool(r["problems"]) for r in off)
    wrong_on = sum(bool(r["problems"]) for r in on)
    effective = wrong_on == 0 and len(on) == len(cases) and all(r["fix"] for r in on)
    report.update(
        affected=wrong_off > 0,
        fix_installed=all(r["fix"] for r in on),
        fix_effective=effective,
        wrong_fix_off=wrong_off,
        wrong_fix_on=wrong_on,
        cases=[{"case": a["case"], "fix_off": a["problems"], "fix_on": b["problems"]} for a, b in zip(off, on)],
    )
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_table(off, on))
        print(f"\nfix off: {wrong_off} of {len(off)} wrong; fix on: {wrong_on} of {len(on)} wrong")
        if not report["fix_installed"]:
            verdict = f"NOT installed (this torch lacks {', '.join(report['missing_internals']) or 'nothing listed'})"
        else:
            verdict = "installed and effective" if effective else "NOT effective"
        print(f"this torch is {'AFFECTED' if report['affected'] else 'not affected on these cases'}; "
              f"the fix is {verdict}")
    return 0 if effective else 1


if __name__ == "__main__":
    sys.exit(main())
