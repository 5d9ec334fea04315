"""Install / uninstall / idempotence / env opt-out / composition / unsupported torch / too-late.

Import-time behaviour needs a fresh interpreter, so those tests run in subprocesses.
"""

import re
import textwrap

import pytest
import torch
from conftest import run_python

import torch_patch
from torch_patch import compat
from torch_patch.reduction_pass import MaterializeEqualityMaskReductions

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
    assert (installed, value, float(grad)) == ("False", "None", 0.0)  # stock: the gradient is dropped
    assert "TORCH_PATCH_DISABLE" in proc.stderr  # loud, not silent


def test_composes_with_user_pass_and_restores_it():
    code = textwrap.dedent(
        """
        import torch
        from torch._inductor import config
        from torch._inductor.custom_graph_pass import CustomGraphPass
        class UserPass(CustomGraphPass):
            calls = 0
            def __call__(self, graph):
                UserPass.calls += 1
            def uuid(self):
                return "user-pass-v1"
        user = UserPass()
        config.joint_custom_post_pass = user
        import torch_patch
        """
    ) + SEED_CHECK + textwrap.dedent(
        """
        value = config.joint_custom_post_pass
        assert isinstance(value, list) and value[0] is user and len(value) == 2, value
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
    assert not compat.version_in_range("2.16.0") and not compat.version_in_range("2.12.1")
    assert compat.missing_internals() == []


def test_cpp_fusion_is_installed_and_restored_with_the_fix():
    """install() wraps CppScheduling._why_fuse_nodes; uninstall() puts the original method back."""
    from torch._inductor.codegen.cpp import CppScheduling

    from torch_patch import cpp_fusion

    torch_patch.uninstall()
    try:
        original = CppScheduling._why_fuse_nodes
        assert not cpp_fusion.is_installed()
        torch_patch.install()
        assert cpp_fusion.is_installed() and CppScheduling._why_fuse_nodes is not original
        torch_patch.uninstall()
        assert CppScheduling._why_fuse_nodes is original and not cpp_fusion.is_installed()
    finally:
        torch_patch.install()


def test_cpp_fusion_missing_internals_warns_and_fix_still_installs(monkeypatch, caplog):
    from torch_patch import cpp_fusion

    torch_patch.uninstall()
    monkeypatch.setattr(cpp_fusion, "missing_internals", lambda: ["torch._inductor.codegen.cpp.CppScheduling.x"])
    try:
        with caplog.at_level("WARNING", logger="torch_patch.cpp_fusion"):
            assert torch_patch.install()
        assert torch_patch.is_installed() and not cpp_fusion.is_installed()
        assert "not fused" in caplog.text and "CppScheduling.x" in caplog.text
    finally:
        torch_patch.uninstall()
        monkeypatch.undo()
        torch_patch.install()
    assert cpp_fusion.is_installed()


def test_mutation_rename_backport_follows_the_fix_on_torch_before_2_14():
    """install() wraps SchedulerNode.recompute_size_and_body only where torch lacks PyTorch #185873;
    uninstall() puts the original back (test_family checks what the backport fixes)."""
    from torch._inductor.scheduler import SchedulerNode

    from torch_patch import mutation_deps

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
