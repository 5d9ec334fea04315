"""File snapshots of generated code, compared like expecttest (``EXPECTTEST_ACCEPT=1`` rewrites them).

Snapshots live in ``codegen_snapshots/torch-<major>.<minor>/`` (C++) and ``codegen_snapshots/triton-<major>.<minor>/``
(Triton, from the Triton lane); a torch version without a folder skips the snapshot comparison with a message
saying how to create one.  Code is normalized by
``torch_patch.testing.codegen.normalize_code`` before it is written or compared.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import expecttest
import pytest
import torch

from torch_patch.compat import torch_version_tuple

SNAPSHOT_ROOT = Path(__file__).resolve().parent.parent / "codegen_snapshots"


def snapshot_dir(backend: str = "torch") -> Path:
    """The folder of this torch's snapshots: ``torch-X.Y`` for the C++ code, ``triton-X.Y`` for Triton's."""
    major, minor = torch_version_tuple()
    return SNAPSHOT_ROOT / f"{backend}-{major}.{minor}"


def accepting() -> bool:
    return bool(expecttest.ACCEPT) or os.environ.get("EXPECTTEST_ACCEPT", "") not in ("", "0")


class SnapshotMismatch(AssertionError):
    pass


def compare_snapshot(path: Path, actual: str) -> None:
    """Raise ``SnapshotMismatch`` with a unified diff when ``actual`` differs from the file."""
    expected = path.read_text()
    if expected != actual:
        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True),
                actual.splitlines(keepends=True),
                fromfile=f"{path} (snapshot)",
                tofile=f"{path} (generated now)",
            )
        )
        raise SnapshotMismatch(
            f"generated code differs from {path}.\nIf the change is intended, review it and re-run "
            f"with EXPECTTEST_ACCEPT=1 to update the snapshot.\n{diff}"
        )


def assert_snapshot(name: str, actual: str, backend: str = "torch", test_file: str = "test/test_codegen_snapshots.py") -> None:
    directory = snapshot_dir(backend)
    path = directory / name
    if accepting():
        directory.mkdir(parents=True, exist_ok=True)
        path.write_text(actual)
        return
    if not directory.is_dir():
        pytest.skip(
            f"no codegen snapshots for torch {torch.__version__} (expected {directory}); create them "
            f"with: EXPECTTEST_ACCEPT=1 .venv/bin/python -m pytest {test_file}"
        )
    if not path.exists():
        raise SnapshotMismatch(f"missing snapshot {path}; create it with EXPECTTEST_ACCEPT=1")
    compare_snapshot(path, actual)
