"""The upstream patch (upstream/*.patch) fixes the bug in torch itself, with the package's coverage.  The stack
(upstream/stack/): PR 1 alone fixes the key cases, on C++ and on the Triton lane; every prefix passes the tests of
its PRs, and each later PR's tests fail without it (at least one of them).

The patch's ``torch/`` part is applied to an overlay of the installed torch (Python-only change, no
build).  In subprocesses that do *not* install torch_patch (``TORCH_PATCH_DISABLE=1``), the shared
``KEY_CASES`` (seed fp32 small reduction, bf16, inf-norm, func.grad) must match eager on the patched
torch and be wrong on the unpatched one; the upstream test file must pass on the overlay; and the
upstream pass must cover exactly the ops the package covers.
"""

import json
import os
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

import pytest
import torch
from upstream_overlay import build_overlay

from torch_patch.graph import ops

REPO_ROOT = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.skipif(
        not torch.__version__.startswith("2.15."),
        reason=f"the upstream patch is against PyTorch v2.15.0; torch {torch.__version__} is installed",
    ),
    pytest.mark.cpp_only,  # its subprocesses compile C++ on the overlay, whatever the session's backend
]

#: The pass's op tables: the package and the upstream module must list the same ops.
COVERAGE_NAMES = (
    "VALUE_SELECTING_OPS",
    "SELECTED_VALUES_OPS",
    "COMPARISON_OPS",
    "SELECTING_REDUCE_MODES",
    "INDEX_READ_OPS",
    "VIEW_OPS",
    "EXACT_OPS",
)

CASES_SCRIPT = textwrap.dedent(
    """
    import json, torch
    from torch_patch import is_installed
    from torch_patch.testing.cases import KEY_CASES
    from torch_patch.testing.verify import check_case
    assert not is_installed(), "the package fix must not be installed here"
    results = {}
    for case in KEY_CASES:
        torch._dynamo.reset()
        results[case.name] = [str(m) for m in check_case(case).mismatches]
    coverage = None
    try:
        from torch._inductor.fx_passes import equality_mask_reductions as up
        coverage = {k: sorted(map(str, getattr(up, k))) for k in COVERAGE_NAMES_PLACEHOLDER}
    except (ImportError, AttributeError):  # no pass, or PR 1's, which has no such tables
        pass
    print(json.dumps({"torch_file": torch.__file__, "results": results, "coverage": coverage}))
    """
).replace("COVERAGE_NAMES_PLACEHOLDER", repr(COVERAGE_NAMES))


def _run(code_or_args, overlay=None):
    with tempfile.TemporaryDirectory(prefix="torch_patch_up_") as cache_dir:
        env = dict(os.environ, TORCH_PATCH_DISABLE="1", TORCHINDUCTOR_CACHE_DIR=cache_dir)
        env.pop("PYTHONPATH", None)
        if overlay is not None:
            env["PYTHONPATH"] = str(overlay)
        args = [sys.executable, "-c", code_or_args] if isinstance(code_or_args, str) else [sys.executable, *code_or_args]
        return subprocess.run(args, capture_output=True, text=True, env=env, cwd=overlay or REPO_ROOT, timeout=900)


@pytest.fixture(scope="module")
def overlay(tmp_path_factory):
    return build_overlay(tmp_path_factory.mktemp("torch_overlay"))


def _cases(overlay=None):
    proc = _run(CASES_SCRIPT, overlay)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_patched_torch_matches_eager_and_unpatched_is_wrong(overlay):
    patched = _cases(overlay)
    assert patched["torch_file"].startswith(str(overlay)), "the overlay torch must be the one imported"
    for name, problems in patched["results"].items():
        assert problems == [], f"patched torch, {name}: {problems}"
    stock = _cases(None)
    assert not stock["torch_file"].startswith(str(overlay))
    for name, problems in stock["results"].items():
        assert problems, f"unpatched torch gets {name} right: the check could not catch the bug"


def test_patch_and_package_cover_the_same_ops(overlay):
    coverage = _cases(overlay)["coverage"]
    assert coverage is not None, "the patched torch must have the upstream pass"
    package = {
        k: sorted(map(str, getattr(ops, k))) for k in COVERAGE_NAMES
    }
    assert coverage == package


def test_upstream_test_file_passes_on_overlay(overlay):
    proc = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "test/inductor/test_equality_mask_reductions.py"], overlay)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout and "failed" not in proc.stdout


def test_patch_is_generated_from_the_package_sources():
    proc = subprocess.run(
        [sys.executable, str(REPO_ROOT / "upstream" / "make_patch.py"), "--check"],
        capture_output=True, text=True, cwd=REPO_ROOT, timeout=300, check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


STACK_PR1 = REPO_ROOT / "upstream" / "stack" / "0001-inductor-equality-mask-reductions-minimal-fix.patch"

#: PR 1's test file on the Triton lane (``torch_patch.testing.triton_lane``: Triton code for CPU tensors, run by
#: Triton's interpreter), in a process started with ``TRITON_INTERPRET=1``.
LANE_SCRIPT = textwrap.dedent(
    """
    import sys, torch
    from torch_patch.testing import triton_lane
    reason = triton_lane.enter_lane()
    assert reason is None, reason
    import pytest
    sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "test/inductor/test_equality_mask_reductions.py"]))
    """
)


@pytest.fixture(scope="module")
def overlay_pr1(tmp_path_factory):
    return build_overlay(tmp_path_factory.mktemp("torch_overlay_pr1"), STACK_PR1)


def test_stack_pr1_alone_fixes_the_key_cases(overlay_pr1):
    """PR 1 (the prim, its lowering and the minimal joint pass) is right on the key cases: the seed in fp32, a bf16
    reduction, the inf-norm and ``compile(func.grad(f))``."""
    patched = _cases(overlay_pr1)
    assert patched["torch_file"].startswith(str(overlay_pr1))
    for name, problems in patched["results"].items():
        assert problems == [], f"PR 1, {name}: {problems}"


def test_stack_pr1_test_file_passes_on_cpp_and_on_the_triton_lane(overlay_pr1):
    from torch_patch.testing import triton_lane

    proc = _run(["-m", "pytest", "-q", "-p", "no:cacheprovider", "test/inductor/test_equality_mask_reductions.py"], overlay_pr1)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    reason = triton_lane.lane_unavailable(check_interpreter=False)
    if reason:
        pytest.skip(f"the Triton lane: {reason}")
    env = triton_lane.interpreter_env(dict(os.environ, TORCH_PATCH_DISABLE="1", PYTHONPATH=f"{overlay_pr1}:{REPO_ROOT}"))
    with tempfile.TemporaryDirectory(prefix="torch_patch_up_") as cache_dir:
        env["TORCHINDUCTOR_CACHE_DIR"] = cache_dir
        lane = subprocess.run(
            [sys.executable, "-c", LANE_SCRIPT], capture_output=True, text=True, env=env, cwd=overlay_pr1, timeout=900
        )
    assert lane.returncode == 0, lane.stdout[-3000:] + lane.stderr[-2000:]
    assert " passed" in lane.stdout and "failed" not in lane.stdout


def _stack_overlay(tmp_path_factory, k: int) -> Path:
    """An overlay with the stack's patches 1..k applied in order."""
    root = tmp_path_factory.mktemp(f"torch_overlay_stack{k}")
    for patch in sorted((REPO_ROOT / "upstream" / "stack").glob("0*.patch"))[:k]:
        build_overlay(root, patch)
    return root


def _make_patch():
    sys.path.insert(0, str(REPO_ROOT / "upstream"))
    try:
        import make_patch
    finally:
        sys.path.pop(0)
    return make_patch


def _upstream_tests(overlay, names=()):
    args = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "test/inductor/test_equality_mask_reductions.py"]
    return _run([*args, "-k", " or ".join(names)] if names else args, overlay)


# The last prefix is the single patch's tree (make_patch.py checks it): test_upstream_test_file_passes_on_overlay.
@pytest.mark.parametrize("k", range(2, 9))
def test_stack_prefix_passes_the_tests_of_its_prs(tmp_path_factory, k):
    proc = _upstream_tests(_stack_overlay(tmp_path_factory, k))
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert " passed" in proc.stdout and "failed" not in proc.stdout


@pytest.mark.parametrize("k", range(3, 10))
def test_stack_pr_tests_fail_on_the_prefix_before_it(tmp_path_factory, k):
    """PR k's own tests, on the tree of PRs 1..k-1: at least one fails (upstream/README.md says which pass)."""
    make_patch = _make_patch()
    overlay = _stack_overlay(tmp_path_factory, k - 1)
    make_patch.write_tests(overlay)
    proc = _upstream_tests(overlay, make_patch.PR_TESTS[k - 1])
    assert " failed" in proc.stdout, proc.stdout[-3000:] + proc.stderr[-2000:]
