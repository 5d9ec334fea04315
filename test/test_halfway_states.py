"""No halfway states (issue 41): a site whose rewrite fails is stock's node for node, ``install()`` installs every
patch or none, every warning is a ``TorchPatchWarning``, and the pass reads the whole graph once per graph."""

from __future__ import annotations

import ast
import contextlib
import importlib
import warnings
from pathlib import Path

import pytest
import torch
import torch.fx

import torch_patch
from torch_patch.graph import graph_undo, joint_pass, plan, rewrite
from torch_patch.errors import TorchPatchWarning
from torch_patch.testing.cases import Case, wrapped

PACKAGE = Path(torch_patch.__file__).parent


def _copy(graph: torch.fx.Graph) -> torch.fx.Graph:
    new = torch.fx.Graph()
    new.output(new.graph_copy(graph, {}))
    return new


def _fingerprint(graph: torch.fx.Graph) -> list:
    """Every node, its inputs (by identity) and its meta (all but the fake values), in order."""
    return [
        (node, node.op, node.target, node.args, tuple(node.kwargs.items()),
         sorted((k, repr(v)) for k, v in node.meta.items() if k not in ("val", "tensor_meta", "example_value")))
        for node in graph.nodes
    ]


def _joint_graph(case: Case) -> torch.fx.Graph:
    """The graph the pass receives for ``case`` (a copy, taken just before it runs)."""
    seen = []
    original = joint_pass.MaterializeEqualityMaskReductions.__call__

    def capture(self, graph):
        seen.append(_copy(graph))
        return original(self, graph)

    torch._dynamo.reset()
    with pytest.MonkeyPatch.context() as mp, torch._inductor.config.patch(force_disable_caches=True):
        mp.setattr(joint_pass.MaterializeEqualityMaskReductions, "__call__", capture)
        from torch_patch.testing.cases import run_case

        run_case(case, torch.compile(wrapped(case)))
    assert seen, f"{case.name}: the pass did not run"
    return seen[0]


@contextlib.contextmanager
def _fail_at(step: int | None, counter: list):
    """Count the structural mutations of FX graphs during a site's rewrite (node creation, input changes, which
    erasing a node is too); raise at the ``step``-th."""
    create, update = torch.fx.Graph.create_node, torch.fx.Node._update_args_kwargs

    def tick():
        if not graph_undo._active:  # a site's rewrite is running (not the pass's dead-code elimination after)
            return
        counter[0] += 1
        if counter[0] == step:
            raise RuntimeError(f"injected failure at mutation {step}")

    def failing_create(self, *args, **kwargs):
        tick()
        return create(self, *args, **kwargs)

    def failing_update(self, *args, **kwargs):
        tick()
        return update(self, *args, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(torch.fx.Graph, "create_node", failing_create)
        mp.setattr(torch.fx.Node, "_update_args_kwargs", failing_update)
        yield


#: A training graph (the family: M, tags, chunk-free), a scatter (masks packed to bits: the most mutations), a
#: user mask against topk (comparisons kept), a forward-only tie count (a narrowed count).
CASES = (
    Case("mul", "amin_last", "bf16", (4, 3)),
    Case("sin", "scatter_amax", "bf16", (6, 7)),
    Case("mul", "mask:topk_slice:ge:where", "bf16", (8, 37)),
    Case("mul", "mask:max_dim:eq:count", "bf16", (8, 37), wrapper="no_grad"),
)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_a_rewrite_failing_at_any_step_leaves_the_graph_as_it_was(fix_on, case):
    graph = _joint_graph(case)
    the_pass = joint_pass.MaterializeEqualityMaskReductions()
    counter = [0]
    probe = _copy(graph)
    with _fail_at(None, counter), warnings.catch_warnings():
        warnings.simplefilter("error", TorchPatchWarning)  # the rewrite itself must succeed
        the_pass(probe)
    steps = counter[0]
    assert steps >= 3, f"the rewrite made {steps} mutations: the test would prove little"
    assert len(plan.plan_rewrites(graph)[0]) == 1, "one site per graph: a failure then undoes all of it"
    for step in range(1, steps + 1):
        attempt = _copy(graph)
        before = _fingerprint(attempt)
        counter[0] = 0
        with _fail_at(step, counter), pytest.warns(TorchPatchWarning, match=f"injected failure at mutation {step}"):
            the_pass(attempt)
        assert _fingerprint(attempt) == before, f"{case.name}: the graph changed after a failure at mutation {step} of {steps}"
        attempt.lint()


def test_install_is_all_or_none(monkeypatch):
    modules = importlib.import_module("torch_patch.inductor").patch_modules()
    config = torch._inductor.config
    torch_patch.uninstall()
    passes = config.joint_custom_post_pass
    try:
        for k, failing in enumerate(modules):
            with monkeypatch.context() as mp:
                mp.setattr(failing, "install", lambda: (_ for _ in ()).throw(RuntimeError(f"patch {k} fails")))
                with pytest.warns(TorchPatchWarning, match="NOT installed"):
                    assert torch_patch.install() is False
            assert not torch_patch.is_installed()
            installed = [m.__name__ for m in modules if m.is_installed()]
            assert installed == [], f"after patch {k} ({failing.__name__}) failed, these stayed installed: {installed}"
            assert config.joint_custom_post_pass is passes
    finally:
        assert torch_patch.install()
    assert all(m.is_installed() or m.__name__.endswith(("mutation_deps",)) for m in modules)


def test_every_warning_is_a_torch_patch_warning():
    """The package's ``warnings.warn`` calls name ``TorchPatchWarning`` (docs/usage.md promises it)."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and ast.unparse(node.func) == "warnings.warn":
                category = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "category"), None)
                if category is None or ast.unparse(category) != "TorchPatchWarning":
                    found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    assert found == [], f"warnings without TorchPatchWarning: {found}"


def test_the_whole_graph_is_read_once_per_graph(fix_on, monkeypatch):
    """Five sites in one training graph: the backward's ancestors and the joint-graph test run once, not once per
    site (they walk the whole graph)."""
    calls = {"_ancestors_of_backward": 0, "_is_joint_graph": 0}
    for name in calls:
        original = getattr(rewrite, name)

        def counted(graph, _name=name, _original=original):
            calls[_name] += 1
            return _original(graph)

        monkeypatch.setattr(rewrite, name, counted)

    def five_sites(x):
        return sum(torch.sin(x * (i + 1)).amax(-1) for i in range(5))

    x = torch.randn(8, 37, requires_grad=True)
    with torch._inductor.config.patch(force_disable_caches=True):
        torch.compile(five_sites)(x).sum().backward()
    assert calls == {"_ancestors_of_backward": 1, "_is_joint_graph": 1}, calls
