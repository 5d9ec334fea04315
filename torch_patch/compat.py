"""Which torch versions the fix supports, the internals the graph rewrite needs, and shims for older torch.

The rewrite and its installation use ``config.joint_custom_post_pass`` (a joint-graph hook whose ``uuid()``
keys the FX-graph and AOTAutograd caches), ``CustomGraphPass``, ``torch.utils.checkpoint.CheckpointPolicy``
(to keep the stored copy saved and the masks recomputed) and ``torch.library.custom_op``
(``missing_internals``).  Each Inductor patch (``torch_patch.inductor``) names the internals it needs itself:
the lowering of ``materialize`` needs ``register_lowering`` and ``ir.IRNode.is_realized_node``, and on torch <
2.14 the backport of ``torch_patch.inductor.mutation_deps`` needs the per-node mutation renames.  If a required
one is missing, installing would be a silent no-op or worse, so ``install()`` warns and leaves torch untouched
instead (torch 2.8 lacks the last two).  The C++ fusion rule (``torch_patch.inductor.cpp.fusion``) is optional:
without its internals the fix still installs, and only its forward takes a second pass.

Shims for older torch (each says which versions need it): ``get_custom_graph_passes`` and
``SequentialJointPass`` here (torch < 2.13 has neither the helper nor lists of joint passes), the
loop-state helpers in ``torch_patch.inductor.cpp.fusion`` (torch < 2.13), and the version-dependent wrapper in
``torch_patch.inductor.mutation_deps``.
"""

from __future__ import annotations

import importlib

import torch

#: Versions on which the test-suite (2.9 to 2.12: the install, seed, family and zero-impact tests) was
#: run (README "Tested versions").
TESTED_VERSIONS = ("2.9.1", "2.10.0", "2.11.0", "2.12.1", "2.13.0", "2.14.1", "2.15.0")
#: The declared compatible range (setup.py ``install_requires``).  2.8 lacks internals (missing_internals).
MIN_VERSION = (2, 9)
MAX_VERSION_EXCLUSIVE = (2, 16)


def torch_version_tuple(version: str | None = None) -> tuple[int, int]:
    """``"2.13.0+cpu"`` -> ``(2, 13)``."""
    parts = (version or torch.__version__).split("+")[0].split(".")
    return int(parts[0]), int(parts[1])


def missing_internals() -> list[str]:
    """Names of the torch internals the graph rewrite and its installation need that this torch lacks (empty
    when all exist).  Each Inductor patch says what it needs itself (``torch_patch.inductor.missing_internals``).

    ``get_custom_graph_passes`` is not among them: where torch lacks it, this module provides it
    (``get_custom_graph_passes`` and ``joint_post_pass_value`` below).
    """
    return missing_attributes(
        ("torch._inductor.config", "joint_custom_post_pass"),
        ("torch._inductor.custom_graph_pass", "CustomGraphPass"),
        ("torch.utils.checkpoint", "CheckpointPolicy"),
        ("torch.library", "custom_op"),
    )


def missing_attributes(*wanted: tuple[str, str]) -> list[str]:
    """``module.attr`` names (``attr`` may be dotted) of ``wanted`` (module, attr) pairs that this torch lacks."""
    missing = []
    for module, attr in wanted:
        try:
            found = importlib.import_module(module)
            for name in attr.split("."):
                found = getattr(found, name)
        except (ImportError, AttributeError):
            missing.append(f"{module}.{attr}")
    return missing


def version_in_range(version: str | None = None) -> bool:
    return MIN_VERSION <= torch_version_tuple(version) < MAX_VERSION_EXCLUSIVE


def _torch_get_custom_graph_passes():
    """torch's own ``get_custom_graph_passes`` (torch >= 2.13), or None where it does not exist."""
    from torch._inductor import custom_graph_pass

    return getattr(custom_graph_pass, "get_custom_graph_passes", None)


def torch_runs_pass_lists() -> bool:
    """True when Inductor accepts a list of passes in ``joint_custom_post_pass`` (torch >= 2.13, the
    versions that have ``get_custom_graph_passes``); older Inductor calls the value as one pass."""
    return _torch_get_custom_graph_passes() is not None


def _normalize_custom_graph_passes(custom_pass) -> tuple:
    """Shim of ``torch._inductor.custom_graph_pass.get_custom_graph_passes`` for torch < 2.13.

    Needed on torch 2.12 and older, which lack that helper (torch 2.13 added it together with lists of
    passes in the ``*_custom_*_pass`` options).  Behaves as torch's helper does: ``None`` -> ``()``, a
    list or tuple -> a tuple of its items, one pass -> a 1-tuple of it.
    """
    if custom_pass is None:
        return ()
    if isinstance(custom_pass, (list, tuple)):
        return tuple(custom_pass)
    return (custom_pass,)


def get_custom_graph_passes(custom_pass) -> tuple:
    """The passes in a ``*_custom_*_pass`` config value, as a tuple: torch's helper where it exists,
    the shim ``_normalize_custom_graph_passes`` otherwise."""
    helper = _torch_get_custom_graph_passes()
    return (helper or _normalize_custom_graph_passes)(custom_pass)


def _sequential_pass_class():
    from torch._inductor.custom_graph_pass import CustomGraphPass

    class SequentialJointPass(CustomGraphPass):
        """Shim for torch < 2.13: several joint-graph passes stored as one ``joint_custom_post_pass``.

        Needed on torch 2.12 and older, where Inductor calls ``config.joint_custom_post_pass`` as a
        single callable (a list there fails at compile time) and the FX-graph cache requires it to be
        one ``CustomGraphPass``.  The fix is appended after a user's own pass, so on those versions the
        two are kept in this object: it runs them in order, and its ``uuid()`` is the tuple of their
        uuids, or None (no FX-graph caching, as torch does for the user's pass alone) when one of
        them is a plain callable or has no uuid.
        """

        def __init__(self, passes) -> None:
            self.passes = tuple(passes)

        def __call__(self, graph) -> None:
            for graph_pass in self.passes:
                graph_pass(graph)

        def uuid(self):
            uuids = []
            for graph_pass in self.passes:
                uuid = graph_pass.uuid() if isinstance(graph_pass, CustomGraphPass) else None
                if not uuid:
                    return None
                uuids.append(uuid)
            return ("torch_patch.SequentialJointPass", *uuids)

        def __repr__(self) -> str:
            return f"SequentialJointPass({list(self.passes)!r})"

    return SequentialJointPass


_SequentialJointPass = None


def sequential_pass_class():
    """The ``SequentialJointPass`` class (created on first use, so that importing this module does
    not import Inductor)."""
    global _SequentialJointPass
    if _SequentialJointPass is None:
        _SequentialJointPass = _sequential_pass_class()
    return _SequentialJointPass


def joint_post_passes(value) -> tuple:
    """The passes a ``joint_custom_post_pass`` value runs, in order, with a ``SequentialJointPass``
    (torch < 2.13) unpacked into its passes."""
    passes = []
    for graph_pass in get_custom_graph_passes(value):
        if _SequentialJointPass is not None and isinstance(graph_pass, _SequentialJointPass):
            passes.extend(graph_pass.passes)
        else:
            passes.append(graph_pass)
    return tuple(passes)


def joint_post_pass_value(passes):
    """The ``joint_custom_post_pass`` value that runs ``passes`` in order on this torch: None for no
    pass, the pass itself for one, a list where Inductor runs lists (torch >= 2.13), else a
    ``SequentialJointPass`` (torch < 2.13)."""
    passes = list(passes)
    if not passes:
        return None
    if len(passes) == 1:
        return passes[0]
    if torch_runs_pass_lists():
        return passes
    return sequential_pass_class()(passes)


#: The region id torch < 2.10's partitioner needs on a recompute-tagged node outside any checkpointed region.
#: Its ``cleanup_recompute_tags`` reads ``meta["ac_graph_id"]`` of every ``MUST_RECOMPUTE`` node that has a
#: ``MUST_RECOMPUTE`` user, without a default (2.10 added the default), and the fix tags chains of them
#: (``M`` and its reduction) outside regions too.  All such nodes get one id, greater than any region's, so
#: that no comparison between them turns one into ``MUST_SAVE``.
NO_REGION_AC_GRAPH_ID = 2**31


def default_ac_graph_id() -> int | None:
    """The ``ac_graph_id`` of a recompute-tagged node outside any region: None from torch 2.10 on (the
    partitioner reads it with a default), ``NO_REGION_AC_GRAPH_ID`` before."""
    return NO_REGION_AC_GRAPH_ID if torch_version_tuple() < (2, 10) else None
