"""The package's import graph, read from its source (shared by test_cache.py and test_layers.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import torch_patch

PACKAGE = Path(torch_patch.__file__).parent


def package_modules() -> dict[str, Path]:
    """``{module name: file}`` for every module of the package (``torch_patch.graph`` for ``graph/__init__.py``)."""
    return {
        ".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"): p
        for p in PACKAGE.rglob("*.py")
    }


def package_imports() -> dict[str, set[str]]:
    """``{module: torch_patch modules it imports}``, from the source: ``from torch_patch.graph import ops`` imports
    ``torch_patch.graph.ops``, ``from torch_patch.graph.ops import X`` imports ``torch_patch.graph.ops``, and imports
    inside functions count (they run when the function does)."""
    modules = package_modules()
    imports = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "torch_patch":
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    found.add(full if full in modules else node.module)
            elif isinstance(node, ast.Import):
                found.update(a.name for a in node.names if a.name in modules)
        imports[name] = found - {name}
    return imports
