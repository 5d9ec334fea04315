"""Apply the upstream patch to an overlay of the installed torch, without building anything.

The overlay is a directory whose ``torch`` package mirrors the installed one through symlinks; only
the directories on the way to a patched file are real directories, and patched files are real
copies.  ``PYTHONPATH=<overlay>`` then imports the patched torch (native libraries resolve through
the symlinks).  The patch's ``torch/`` part is applied; its ``test/`` part is extracted next to it so
that the upstream test file can be run against the overlay.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import torch

REPO_ROOT = Path(__file__).resolve().parent.parent
PATCH = REPO_ROOT / "upstream" / "0001-inductor-equality-mask-reductions.patch"


def patched_paths(patch: Path = PATCH) -> list[str]:
    """Paths (relative to the PyTorch repo root) that the patch touches."""
    return sorted(set(re.findall(r"^\+\+\+ b/(\S+)", patch.read_text(), flags=re.MULTILINE)))


def _materialize_dir(overlay_root: Path, rel_dir: Path, torch_parent: Path) -> None:
    """Make ``overlay_root/rel_dir`` a real directory of symlinks to the installed one."""
    current = overlay_root
    for part in rel_dir.parts:
        current = current / part
        if current.is_symlink():
            current.unlink()
        if not current.is_dir():
            current.mkdir()
            source = torch_parent / current.relative_to(overlay_root)
            if source.is_dir():
                for child in source.iterdir():
                    if child.name != "__pycache__":
                        (current / child.name).symlink_to(child)


def build_overlay(overlay_root: Path, patch: Path = PATCH) -> Path:
    """Create the overlay under ``overlay_root`` and apply ``patch``; returns ``overlay_root``."""
    torch_parent = Path(torch.__file__).resolve().parent.parent
    overlay_root.mkdir(parents=True, exist_ok=True)
    for rel in patched_paths(patch):
        rel_path = Path(rel)
        if rel_path.parts[0] == "torch":
            _materialize_dir(overlay_root, rel_path.parent, torch_parent)
            target = overlay_root / rel_path
            if target.is_symlink():
                real = target.resolve()
                target.unlink()
                shutil.copyfile(real, target)
        else:
            (overlay_root / rel_path.parent).mkdir(parents=True, exist_ok=True)
    proc = subprocess.run(
        ["git", "apply", "--verbose", str(patch)],
        cwd=overlay_root,
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"the upstream patch does not apply to torch {torch.__version__}:\n{proc.stderr}")
    return overlay_root
