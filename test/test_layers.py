"""The package in layers (issue 42): no import cycles, and no module imports one of a higher layer.

From the bottom: the base (``errors``, ``compat``), the device-independent graph rewrite (``graph/``), the Inductor
patches (``inductor/``, backend code generation in ``inductor/cpp/``), the installation (``install``), the user
tools (``tools/``), the public API (``torch_patch/__init__.py``), the tools that check the fix (``testing/``) and
``python -m torch_patch`` (``__main__``).  Read from the source (an AST walk, imports inside functions
included), so a lazy import cannot hide a cycle.
"""

from __future__ import annotations

import ast

import pytest
from package_imports import PACKAGE, package_imports, package_modules

#: Layers from the bottom; a module belongs to the layer of its longest matching prefix.
LAYERS = (
    ("base", ("torch_patch.errors", "torch_patch.compat")),
    ("graph", ("torch_patch.graph",)),
    ("inductor", ("torch_patch.inductor",)),
    ("install", ("torch_patch.install",)),
    ("tools", ("torch_patch.tools",)),
    ("api", ("torch_patch",)),
    ("testing", ("torch_patch.testing",)),
    ("cli", ("torch_patch.__main__",)),
)


def layer_of(module: str) -> int:
    """The index in ``LAYERS`` of ``module``'s layer (a prefix matches itself and its submodules, ``torch_patch``
    only itself)."""
    best = None
    for index, (_, prefixes) in enumerate(LAYERS):
        for prefix in prefixes:
            matches = module == prefix or (prefix != "torch_patch" and module.startswith(prefix + "."))
            if matches and (best is None or len(prefix) > best[1]):
                best = (index, len(prefix))
    if best is None:
        raise AssertionError(f"{module} is in no layer of test_layers.LAYERS: add it to one")
    return best[0]


def upward_imports(imports: dict[str, set[str]]) -> list[str]:
    """``a -> b`` for each import of a module ``b`` of a higher layer than ``a``'s."""
    return sorted(
        f"{a} ({LAYERS[layer_of(a)][0]}) -> {b} ({LAYERS[layer_of(b)][0]})"
        for a, targets in imports.items()
        for b in targets
        if layer_of(b) > layer_of(a)
    )


def cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """The import cycles of ``imports`` (one per strongly connected component of more than one module, Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(imports.get(node, ())):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(imports):
        if node not in index:
            visit(node)
    return found


def test_the_checks_catch_what_they_look_for():
    """The two checks below fail on the package's old shape (a cycle through a lazy import, a tool reaching up)."""
    old = {
        "torch_patch.compat": {"torch_patch.inductor.mutation_deps"},
        "torch_patch.inductor.mutation_deps": {"torch_patch.compat"},
        "torch_patch.tools.check": {"torch_patch.testing.verify"},
    }
    assert cycles(old) == [["torch_patch.compat", "torch_patch.inductor.mutation_deps"]]
    assert upward_imports(old) == [
        "torch_patch.compat (base) -> torch_patch.inductor.mutation_deps (inductor)",
        "torch_patch.tools.check (tools) -> torch_patch.testing.verify (testing)",
    ]


def test_every_module_is_in_a_layer():
    for module in package_modules():
        layer_of(module)


def test_no_module_imports_a_higher_layer():
    assert upward_imports(package_imports()) == []


def test_no_import_cycles():
    assert cycles(package_imports()) == []


def test_the_graph_rewrite_imports_no_inductor_code_generation():
    """``graph/`` is the device-independent rewrite: of Inductor it may use the pass interface
    (``custom_graph_pass``) and nothing else (no lowering, scheduler, IR or codegen)."""
    found = []
    for path in sorted((PACKAGE / "graph").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for name in names:
                if name.startswith("torch._inductor") and not name.startswith("torch._inductor.custom_graph_pass"):
                    if name != "torch._inductor":  # ``from torch._inductor import custom_graph_pass``
                        found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} {name}")
    assert found == []


def test_the_registry_lists_every_inductor_patch_once():
    """``inductor.PATCHES`` is the one list of patches (install, uninstall, the cache key and the docs read it):
    every module under ``inductor/`` that installs something is in it, and each has the four functions."""
    from torch_patch import inductor

    listed = [f"torch_patch.inductor.{patch.module}" for patch in inductor.PATCHES]
    assert len(listed) == len(set(listed))
    installs = [
        name
        for name, path in package_modules().items()
        if name.startswith("torch_patch.inductor.")
        and any(isinstance(n, ast.FunctionDef) and n.name == "install" for n in ast.parse(path.read_text()).body)
    ]
    assert sorted(installs) == sorted(listed)
    for module in inductor.patch_modules():
        for function in ("install", "uninstall", "is_installed", "missing_internals"):
            assert callable(getattr(module, function, None)), f"{module.__name__} has no {function}()"


@pytest.mark.parametrize("module", ["torch_patch", "torch_patch.graph.joint_pass", "torch_patch.tools.check"])
def test_the_public_paths_import(module):
    import importlib

    assert importlib.import_module(module)
