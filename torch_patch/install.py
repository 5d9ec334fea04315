"""Installing and uninstalling the fix in Inductor's configuration.

The fix is one entry in ``torch._inductor.config.joint_custom_post_pass``, appended after any passes
the user already set there (theirs keep running, ours sees their output), plus the Inductor patches of
``torch_patch.inductor.PATCHES`` (the lowering of ``torch_patch::materialize``, C++ codegen rules, partitioner wrappers), which
act only on graphs the pass rewrote.  ``install()`` installs all of them or none.  The value found at install
time is kept, and ``uninstall()`` puts back exactly that object.  Because the pass is a
``CustomGraphPass`` with a source-derived ``uuid()``, Inductor's FX-graph cache and AOTAutograd cache
key on it: artifacts compiled with and without the fix never serve each other, and the caches are
not bypassed.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import warnings
from collections.abc import Iterator

import torch

from torch_patch import compat, inductor
from torch_patch.errors import TorchPatchWarning

log = logging.getLogger(__name__)

_UNSET = object()
_lock = threading.RLock()
#: The ``joint_custom_post_pass`` value found at install time (``_UNSET`` while not installed).
_original_post_pass: object = _UNSET
_pass = None


def _the_pass():
    global _pass
    if _pass is None:
        from torch_patch.graph.joint_pass import MaterializeEqualityMaskReductions

        _pass = MaterializeEqualityMaskReductions()
    return _pass


def _config():
    from torch._inductor import config

    return config


def is_installed() -> bool:
    """True when Inductor's current configuration runs the fix on the next compile."""
    if _pass is None or inductor.missing_internals():
        return False
    return any(p is _pass for p in compat.joint_post_passes(_config().joint_custom_post_pass))


def policy() -> str:
    """Where the stored copy lives for the backward in the next compile: ``"recompute"`` (default) or
    ``"save"`` (see ``install``)."""
    return _the_pass().policy


def install(policy: str | None = None) -> bool:
    """Install the fix for every later ``torch.compile`` (idempotent).

    ``policy`` (None keeps the current one, initially ``"recompute"``):

    - ``"recompute"``: the backward recomputes the selected-from value (once, stored in a buffer or
      in a per-row local buffer) and reduces it again, from what stock's partitioner kept for it.  The
      bytes saved for the backward are stock's or fewer.
    - ``"save"``: the forward's stored copy is saved for the backward, which recomputes nothing: the
      fastest backward where the value is costly to compute (transcendental producers, reductions of
      fewer than 8 elements), at the cost of keeping the copy (4 B/element in fp32).  A partitioner
      budget below 1 (``torch._functorch.config.activation_memory_budget``) asks for memory: the
      fix then recomputes, as under ``"recompute"``.

    Returns True when the fix is installed.  On a torch that lacks the internals the fix needs, warns
    with the version and what to do, changes nothing and returns False.  An unknown ``policy`` raises
    ValueError before anything changes.
    """
    global _original_post_pass
    if policy is not None:
        from torch_patch.graph.placement import check_policy

        check_policy(policy)
    with _lock:
        missing = inductor.missing_internals()
        if missing:
            warnings.warn(
                f"torch_patch: torch {torch.__version__} lacks {', '.join(missing)}; the amin/amax "
                "gradient fix is NOT installed and torch is left untouched. Use torch "
                f"{' or '.join(compat.TESTED_VERSIONS)} (tested), or report this torch version.",
                TorchPatchWarning,
                stacklevel=2,
            )
            return False
        if not compat.version_in_range():
            warnings.warn(
                f"torch_patch: torch {torch.__version__} is outside the tested range "
                f"({', '.join(compat.TESTED_VERSIONS)}); installing anyway. Run "
                "`python -m torch_patch` to check that the fix is effective on this version.",
                TorchPatchWarning,
                stacklevel=2,
            )
        if policy is not None:
            _the_pass().policy = policy
        if is_installed():
            return True
        done = []
        try:
            for patch in inductor.patch_modules():
                patch.install()
                done.append(patch)
        except Exception as exc:  # noqa: BLE001 - all or none: undo what was installed, then say why
            for patch in reversed(done):
                patch.uninstall()
            warnings.warn(
                f"torch_patch: installing {patch.__name__} failed on torch {torch.__version__} ({exc!r}); the fix "
                "is NOT installed and every patch installed before it was removed. Please report this.",
                TorchPatchWarning,
                stacklevel=2,
            )
            return False
        config = _config()
        _warn_if_already_compiled()
        _original_post_pass = config.joint_custom_post_pass
        user_passes = list(compat.joint_post_passes(config.joint_custom_post_pass))
        config.joint_custom_post_pass = compat.joint_post_pass_value(user_passes + [_the_pass()])
        log.debug("torch_patch: installed (joint_custom_post_pass, after %d user pass(es))", len(user_passes))
        return True


def uninstall() -> bool:
    """Remove the fix, restoring the ``joint_custom_post_pass`` value found at install time.

    Returns True when something was uninstalled.  If the configuration was changed after install,
    only our pass is removed from it (with a warning), so the user's later change survives.
    """
    global _original_post_pass
    with _lock:
        if _original_post_pass is _UNSET:
            return False
        config = _config()
        current = config.joint_custom_post_pass
        expected_user = list(compat.joint_post_passes(_original_post_pass))
        if list(compat.joint_post_passes(current)) == expected_user + [_pass]:
            config.joint_custom_post_pass = _original_post_pass
        else:
            remaining = [p for p in compat.joint_post_passes(current) if p is not _pass]
            warnings.warn(
                "torch_patch: joint_custom_post_pass was changed after install; removing only the "
                "torch_patch pass and keeping the rest.",
                TorchPatchWarning,
                stacklevel=2,
            )
            config.joint_custom_post_pass = compat.joint_post_pass_value(remaining)
        _original_post_pass = _UNSET
        for patch in reversed(inductor.patch_modules()):
            patch.uninstall()
        log.debug("torch_patch: uninstalled")
        return True


@contextlib.contextmanager
def patched(policy: str | None = None) -> Iterator[None]:
    """Install the fix (with ``policy``, see ``install``) for the duration of a ``with`` block, then
    restore the previous state, policy included.

    The fix acts when a function is *compiled*: a function compiled inside the block keeps the fixed
    kernels after it; one compiled before the block keeps its old kernels inside it.
    """
    was_installed = is_installed()
    previous_policy = _the_pass().policy
    if not install(policy):
        raise RuntimeError(
            "torch_patch.patched(): the fix cannot be installed on this torch (see the warning above)."
        )
    try:
        yield
    finally:
        _the_pass().policy = previous_policy
        if not was_installed:
            uninstall()


def _warn_if_already_compiled() -> None:
    """gevent-style 'patched too late' warning: compiled code from before install stays unfixed.

    Dynamo keeps compiled code per code object until ``torch._dynamo.reset()``; its tracker of
    compiled code objects (``convert_frame.output_codes``) is exactly "what would not be recompiled".
    """
    try:
        from torch._dynamo import convert_frame

        compiled = len(convert_frame.output_codes.seen_ids)
    except Exception:  # noqa: BLE001 - the warning is a courtesy; its absence must not break install
        return
    if compiled:
        warnings.warn(
            f"torch_patch: installed after torch.compile already compiled {compiled} function(s) in "
            "this process; those keep their unfixed kernels. Import torch_patch before compiling, or "
            "call torch._dynamo.reset() to recompile.",
            TorchPatchWarning,
            stacklevel=3,
        )
