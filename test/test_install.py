"""Install / uninstall / idempotence / env opt-out / composition / unsupported torch / too-late.

Import-time behaviour needs a fresh interpreter, so those tests run in subprocesses.
"""

import re
import textwrap

import pytest
import torch
from conftest import STOCK_SEED_WRONG, run_python

import torch_patch
from torch_patch import compat
from torch_patch.graph.joint_pass import MaterializeEqualityMaskReductions

SEED_CHECK = textwrap.dedent(
    """
    def seed_grad():
        torch.manual_seed(0)
        x = torch.randn(2, 3, requires_grad=True); y = torch.randn(2, 3)
        torch.compile(lambda x, y: torch.atan2(x, y).amin(dim=-1))(x, y).sum().backward()
        return x.grad[0, 2].item()
    """
)


def _ok(proc):
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc.stdout


def test_import_installs_and_fixes_seed():
    out = _ok(
        run_python(
            "import torch, torch_patch\n"
            + SEED_CHECK
            + "from torch._inductor import config\n"
            "print(torch_patch.is_installed(), type(config.joint_custom_post_pass).__name__, seed_grad())"
        )
    )
    installed, kind, grad = out.split()
    assert installed == "True" and kind == "MaterializeEqualityMaskReductions"
    assert abs(float(grad) - (-0.1366)) < 1e-3


def test_env_opt_out_leaves_torch_untouched():
    proc = run_python(
        "import torch, torch_patch\n"
        + SEED_CHECK
        + "from torch._inductor import config\n"
        "print(torch_patch.is_installed(), config.joint_custom_post_pass, seed_grad())",
        env={"TORCH_PATCH_DISABLE": "1"},
    )
    installed, value, grad = _ok(proc).split()
    assert (installed, value) == ("False", "None")
    if STOCK_SEED_WRONG:
        assert float(grad) == 0.0  # stock: the gradient is dropped
    assert "TORCH_PATCH_DISABLE" in proc.stderr  # loud, not silent


#: A user's own joint_custom_post_pass, set before torch_patch is imported (``config`` in scope).
USER_PASS = textwrap.dedent(
    """
    from torch._inductor.custom_graph_pass import CustomGraphPass
    class UserPass(CustomGraphPass):
        calls = 0
        def __call__(self, graph):
            UserPass.calls += 1
        def uuid(self):
            return "user-pass-v1"
    user = UserPass()
    config.joint_custom_post_pass = user
    """
)


def test_composes_with_user_pass_and_restores_it():
    code = textwrap.dedent(
        """
        import torch
        from torch._inductor import config
        """
    ) + USER_PASS + "import torch_patch\n" + SEED_CHECK + textwrap.dedent(
        """
        from torch_patch import compat
        value = config.joint_custom_post_pass
        # torch >= 2.13 runs a list of passes; older torch one pass, which runs both (compat shim)
        kind = list if compat.torch_runs_pass_lists() else compat.sequential_pass_class()
        assert isinstance(value, kind), value
        passes = compat.joint_post_passes(value)
        assert len(passes) == 2 and passes[0] is user and torch_patch.is_installed(), value
        g = seed_grad()
        assert UserPass.calls >= 1, "the user's pass must still run"
        assert abs(g - (-0.1366)) < 1e-3, g
        torch_patch.uninstall()
        assert config.joint_custom_post_pass is user, config.joint_custom_post_pass
        assert not torch_patch.is_installed()
        print("ok")
        """
    )
    assert _ok(run_python(code)).strip() == "ok"


def test_too_late_install_warns():
    code = (
        "import os, warnings, torch\n"
        "torch.compile(lambda x: x.sin())(torch.randn(3))\n"
        "with warnings.catch_warnings(record=True) as w:\n"
        "    warnings.simplefilter('always')\n"
        "    import torch_patch\n"
        "print(any('already compiled' in str(m.message) for m in w))"
    )
    assert _ok(run_python(code)).strip() == "True"


def test_install_is_idempotent_and_uninstall_restores_exactly():
    from torch._inductor import config

    torch_patch.uninstall()
    before = config.joint_custom_post_pass
    assert torch_patch.install() and torch_patch.install()
    passes = config.joint_custom_post_pass
    assert isinstance(passes, MaterializeEqualityMaskReductions)
    assert torch_patch.uninstall()
    assert config.joint_custom_post_pass is before
    assert not torch_patch.uninstall(), "a second uninstall has nothing to undo"
    torch_patch.install()


def test_patched_context_manager_restores_state():
    from torch._inductor import config

    torch_patch.uninstall()
    try:
        with torch_patch.patched():
            assert torch_patch.is_installed()
        assert not torch_patch.is_installed()
        assert config.joint_custom_post_pass is None
    finally:
        torch_patch.install()


def test_unsupported_torch_warns_and_changes_nothing(monkeypatch):
    from torch._inductor import config

    torch_patch.uninstall()
    try:
        monkeypatch.setattr(compat, "missing_internals", lambda: ["torch._inductor.config.joint_custom_post_pass"])
        with pytest.warns(torch_patch.TorchPatchWarning, match=re.escape(f"torch {torch.__version__} lacks") + ".* NOT installed"):
            assert torch_patch.install() is False
        assert config.joint_custom_post_pass is None
        assert not torch_patch.is_installed()
        with pytest.raises(RuntimeError, match="cannot be installed"):
            with torch_patch.patched():
                pass
    finally:
        monkeypatch.undo()
        torch_patch.install()


def test_untested_version_warns_but_installs(monkeypatch):
    torch_patch.uninstall()
    monkeypatch.setattr(compat, "version_in_range", lambda version=None: False)
    with pytest.warns(torch_patch.TorchPatchWarning, match="outside the tested range"):
        assert torch_patch.install()
    assert torch_patch.is_installed()


def test_uninstall_after_user_changed_config_keeps_their_change():
    from torch._inductor import config

    class Later(MaterializeEqualityMaskReductions.__mro__[1]):  # a plain CustomGraphPass
        def __call__(self, graph):
            pass

        def uuid(self):
            return "later"

    torch_patch.install()
    later = Later()
    ours = config.joint_custom_post_pass
    config.joint_custom_post_pass = [later, ours]
    with pytest.warns(torch_patch.TorchPatchWarning, match="changed after install"):
        torch_patch.uninstall()
    assert config.joint_custom_post_pass is later
    config.joint_custom_post_pass = None
    torch_patch.install()


def test_version_helpers():
    assert compat.torch_version_tuple("2.13.0+cpu") == (2, 13)
    assert compat.version_in_range("2.14.1") and compat.version_in_range("2.15.0")
    assert compat.version_in_range("2.9.1") and compat.version_in_range("2.12.1")
    assert not compat.version_in_range("2.16.0") and not compat.version_in_range("2.8.0")
    assert compat.missing_internals() == []


class _NamedPass(MaterializeEqualityMaskReductions.__mro__[1]):  # a plain CustomGraphPass
    def __init__(self, name, uuid="v1"):
        self.name, self._uuid, self.calls = name, uuid, []

    def __call__(self, graph):
        self.calls.append(graph)

    def uuid(self):
        return self._uuid


def test_get_custom_graph_passes_shim_behaves_as_torchs_helper():
    """The shim for torch < 2.13: None -> (), a list or tuple -> a tuple of its items, one pass -> (pass,);
    where torch has the helper (>= 2.13) both give the same answers."""
    a, b = _NamedPass("a"), _NamedPass("b")
    plain = lambda graph: None  # noqa: E731 - a raw callable is a valid pass too
    cases = [(None, ()), ([], ()), ([a, b], (a, b)), ((a,), (a,)), (a, (a,)), (plain, (plain,))]
    for value, expected in cases:
        assert compat._normalize_custom_graph_passes(value) == expected
        assert compat.get_custom_graph_passes(value) == expected
    torch_helper = compat._torch_get_custom_graph_passes()
    if torch_helper is not None:
        for value, _ in cases:
            assert torch_helper(value) == compat._normalize_custom_graph_passes(value)


def test_joint_post_pass_value_on_torch_without_pass_lists(monkeypatch):
    """Where Inductor calls joint_custom_post_pass as one pass (torch < 2.13), several passes are kept in a
    SequentialJointPass that runs them in order and keys the FX-graph cache on all their uuids."""
    monkeypatch.setattr(compat, "torch_runs_pass_lists", lambda: False)
    a, b = _NamedPass("a", "ua"), _NamedPass("b", "ub")
    assert compat.joint_post_pass_value([]) is None and compat.joint_post_pass_value([a]) is a
    chained = compat.joint_post_pass_value([a, b])
    assert isinstance(chained, compat.sequential_pass_class())
    assert compat.joint_post_passes(chained) == (a, b)
    chained("graph")
    assert a.calls == b.calls == ["graph"]
    assert chained.uuid() == ("torch_patch.SequentialJointPass", "ua", "ub")
    assert compat.joint_post_pass_value([a, lambda graph: None]).uuid() is None  # raw callable: no caching
    assert compat.joint_post_pass_value([a, _NamedPass("c", None)]).uuid() is None
    monkeypatch.setattr(compat, "torch_runs_pass_lists", lambda: True)
    assert compat.joint_post_pass_value([a, b]) == [a, b]


def test_install_where_torch_lacks_get_custom_graph_passes():
    """Emulates torch < 2.13 on any torch: without torch's helper, install() installs (with a user pass:
    both in one SequentialJointPass), the seed gradient is right, the user's pass runs, and uninstall()
    restores the user's pass.  On torch 2.12 and older this is the real code path."""
    code = textwrap.dedent(
        """
        import warnings
        import torch
        from torch._inductor import config, custom_graph_pass
        from torch._inductor.custom_graph_pass import CustomGraphPass
        import torch._inductor.compile_fx, torch._inductor.lowering  # import torch's users of the helper first
        if hasattr(custom_graph_pass, "get_custom_graph_passes"):
            del custom_graph_pass.get_custom_graph_passes
        """
    ) + USER_PASS + textwrap.dedent(
        """
        with warnings.catch_warnings():
            warnings.filterwarnings("error", message=".*NOT installed")  # no 'lacks ...' refusal
            import torch_patch
        from torch_patch import compat
        assert compat.missing_internals() == [], compat.missing_internals()
        assert not compat.torch_runs_pass_lists()
        value = config.joint_custom_post_pass
        assert isinstance(value, compat.sequential_pass_class()), value
        assert compat.joint_post_passes(value)[0] is user and torch_patch.is_installed()
        assert value.uuid()[1] == "user-pass-v1", value.uuid()
        """
    ) + SEED_CHECK + textwrap.dedent(
        """
        g = seed_grad()
        assert UserPass.calls >= 1, "the user's pass must still run"
        assert abs(g - (-0.1366)) < 1e-3, g
        torch_patch.uninstall()
        assert config.joint_custom_post_pass is user and not torch_patch.is_installed()
        config.joint_custom_post_pass = None
        assert torch_patch.install()
        assert type(config.joint_custom_post_pass).__name__ == "MaterializeEqualityMaskReductions"
        print("ok")
        """
    )
    assert _ok(run_python(code)).strip() == "ok"


def test_torch_without_per_node_mutation_renames_is_refused():
    """torch 2.8 keeps no per-node renames, so the scheduler backport cannot be installed there, and
    compat.missing_internals (hence install()) says so; from 2.14 the backport is not needed."""
    from torch_patch.inductor import mutation_deps

    missing = mutation_deps.missing_internals("2.8.0")
    assert len(missing) == 1 and "mutation_renames" in missing[0]
    assert mutation_deps.missing_internals("2.14.1") == mutation_deps.missing_internals("2.15.0") == []


def _cpp_scheduling():
    from torch._inductor.codegen.cpp import CppScheduling

    return CppScheduling


def _partitioners():
    from torch._functorch import partitioners

    return partitioners


@pytest.mark.parametrize(
    "module, owner, attr",
    [
        ("cpp.fusion", _cpp_scheduling, "_why_fuse_nodes"),
        ("cpp.local_reductions", _cpp_scheduling, "codegen_outer_loop_node"),
        ("partitioner_ops", _partitioners, "get_default_op_list"),
    ],
)
def test_wrapped_torch_function_is_installed_and_restored_with_the_fix(module, owner, attr):
    """install() wraps a torch function (the C++ fusion rule, the partitioner's op list); uninstall() puts
    the original back."""
    import importlib

    patch = importlib.import_module(f"torch_patch.inductor.{module}")
    torch_patch.uninstall()
    try:
        original = getattr(owner(), attr)
        assert not patch.is_installed()
        torch_patch.install()
        assert patch.is_installed() and getattr(owner(), attr) is not original
        torch_patch.uninstall()
        assert getattr(owner(), attr) is original and not patch.is_installed()
    finally:
        torch_patch.install()


def test_partitioner_may_recompute_an_untagged_copy_only_with_the_fix():
    """The min-cut may recompute (and fuse) a ``materialize`` the pass left untagged while the fix is
    installed (test_memory checks what that changes: the bf16 tie count's step peak); a tagged copy and every
    other op are judged by torch's own lists."""
    from torch._functorch import partitioners
    from torch.utils.checkpoint import CheckpointPolicy

    from torch_patch.graph.materialize import materialize_overload

    graph = torch.fx.Graph()
    x = graph.placeholder("x")
    product = graph.call_function(torch.ops.aten.mul.Tensor, (x, x))
    untagged = graph.call_function(materialize_overload(), (product,))
    tagged = graph.call_function(materialize_overload(), (product,))
    tagged.meta["recompute"] = CheckpointPolicy.MUST_RECOMPUTE

    def verdicts():
        ops = partitioners.get_default_op_list()
        return [(ops.is_recomputable(n), ops.is_fusible(n)) for n in (untagged, tagged, product)]

    assert verdicts() == [(True, True), (False, False), (True, True)]
    torch_patch.uninstall()
    try:
        assert verdicts() == [(False, False), (False, False), (True, True)]
    finally:
        torch_patch.install()


def test_partitioner_without_op_list_warns_and_fix_still_installs(monkeypatch, caplog):
    from torch._functorch import partitioners

    from torch_patch.inductor import partitioner_ops

    torch_patch.uninstall()
    monkeypatch.delattr(partitioners, "get_default_op_list")
    try:
        with caplog.at_level("WARNING", logger="torch_patch.inductor.partitioner_ops"):
            assert torch_patch.install()
        assert torch_patch.is_installed() and not partitioner_ops.is_installed()
        assert "more memory" in caplog.text
    finally:
        torch_patch.uninstall()
        monkeypatch.undo()
        torch_patch.install()
    assert partitioner_ops.is_installed()


@pytest.mark.parametrize("module, says", [("cpp.fusion", "not fused"), ("cpp.local_reductions", "global buffers")])
def test_missing_cpp_internals_warn_and_fix_still_installs(monkeypatch, caplog, module, says):
    import importlib

    patch = importlib.import_module(f"torch_patch.inductor.{module}")
    torch_patch.uninstall()
    monkeypatch.setattr(patch, "missing_internals", lambda: ["torch._inductor.codegen.cpp.CppScheduling.x"])
    try:
        with caplog.at_level("WARNING", logger=f"torch_patch.inductor.{module}"):
            assert torch_patch.install()
        assert torch_patch.is_installed() and not patch.is_installed()
        assert says in caplog.text and "CppScheduling.x" in caplog.text
    finally:
        torch_patch.uninstall()
        monkeypatch.undo()
        torch_patch.install()
    assert patch.is_installed()


def test_mutation_rename_backport_follows_the_fix_on_torch_before_2_14():
    """install() wraps SchedulerNode.recompute_size_and_body only where torch lacks PyTorch #185873;
    uninstall() puts the original back (test_family checks what the backport fixes)."""
    from torch._inductor.scheduler import SchedulerNode

    from torch_patch.inductor import mutation_deps

    assert mutation_deps.needed("2.13.0") and not mutation_deps.needed("2.14.1")
    assert not mutation_deps.needed("2.15.0")
    torch_patch.uninstall()
    try:
        original = SchedulerNode.recompute_size_and_body
        assert not mutation_deps.is_installed()
        torch_patch.install()
        wrapped = SchedulerNode.recompute_size_and_body is not original
        assert wrapped == mutation_deps.is_installed() == mutation_deps.needed()
        torch_patch.uninstall()
        assert SchedulerNode.recompute_size_and_body is original and not mutation_deps.is_installed()
    finally:
        torch_patch.install()
