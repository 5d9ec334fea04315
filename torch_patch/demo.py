"""The main job: run the built-in cases with the fix off and on, each in a fresh subprocess.

Each side runs in its own process with its own empty Inductor cache directory, so neither can be
served the other's artifacts (or a stale one from an earlier run).  Exit status 0 means the fix made
every built-in case right.
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


def run_worker(fix: bool, cases=None) -> list[dict]:
    """Run ``cases`` (default: the demo cases) in a subprocess; one dict per case."""
    from torch_patch.cases import DEMO_CASES

    cases = DEMO_CASES if cases is None else cases
    payload = json.dumps([dataclasses.asdict(c) for c in cases])
    with tempfile.TemporaryDirectory(prefix="torch_patch_cache_") as cache_dir:
        env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=cache_dir)
        env.pop("TORCH_PATCH_DISABLE", None)
        if not fix:
            env["TORCH_PATCH_DISABLE"] = "1"
        proc = subprocess.run(
            [sys.executable, "-m", "torch_patch.demo", "--worker"],
            input=payload,
            capture_output=True,
            text=True,
            env=env,
            check=False,
        )
    if proc.returncode != 0:
        raise RuntimeError(
            f"torch_patch worker (fix {'on' if fix else 'off'}) failed with exit code "
            f"{proc.returncode}:\n{proc.stderr[-4000:]}"
        )
    return [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]


def _worker_main() -> int:
    import torch

    import torch_patch
    from torch_patch.cases import Case
    from torch_patch.verify import check_case

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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["--worker"]:
        return _worker_main()
    if argv not in ([], ["--matrix"]):
        print(f"usage: python -m torch_patch [--matrix]   (got {argv})", file=sys.stderr)
        return 2
    import torch

    from torch_patch.cases import DEMO_CASES, matrix_cases

    cases = matrix_cases() if argv == ["--matrix"] else DEMO_CASES
    print(f"torch {torch.__version__}; running {len(cases)} built-in cases, fix off and on ...")
    off, on = run_worker(fix=False, cases=cases), run_worker(fix=True, cases=cases)
    print(format_table(off, on))
    wrong_off = sum(bool(r["problems"]) for r in off)
    wrong_on = sum(bool(r["problems"]) for r in on)
    print(f"\nfix off: {wrong_off} of {len(off)} wrong; fix on: {wrong_on} of {len(on)} wrong")
    return 0 if wrong_on == 0 and len(on) == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
