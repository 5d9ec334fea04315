"""``python -m torch_patch check FILE.py:NAME [--json]``: ``torch_patch.check`` on the user's own model.

The contract: ``FILE.py`` is imported as a module (not as ``__main__``; its directory is put first on
``sys.path`` so that its own imports work), and ``NAME`` is a function in it taking no arguments that
returns ``(fn, inputs)`` or ``(fn, inputs, kwargs)``: ``fn`` a function or an ``nn.Module``, ``inputs``
a tuple (or list) of positional inputs, ``kwargs`` a dict passed on as ``check(fn, *inputs,
**kwargs)``: its ``loss`` and ``backward`` keys set those options, every other key is a keyword input
of ``fn``.  Exit status: 0 when the patched compile is right, 1 when it is wrong, 2 on bad input (one
sentence on stderr, no traceback).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import traceback

from torch_patch.graph import sites
from torch_patch.tools.check import CheckError, check


def load_target(target: str):
    """``(fn, inputs, kwargs)`` from ``FILE.py:NAME``; ``CheckError`` in one sentence otherwise."""
    path, sep, name = target.rpartition(":")
    if not sep or not path or not name:
        raise CheckError(f"expected FILE.py:NAME (a file and the name of a function in it), got {target!r}")
    path = os.path.abspath(path)
    if not os.path.isfile(path):
        raise CheckError(f"no such file: {path}")
    module_name = f"_torch_patch_check_{os.path.splitext(os.path.basename(path))[0]}"
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise CheckError(f"cannot import {path} as a Python module; give a .py file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module  # dataclasses and pickling look the module up there
    sys.path.insert(0, os.path.dirname(path))
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - the user's file failed: say where, in one sentence
        raise CheckError(f"importing {os.path.basename(path)} raised {_where(exc)}") from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise CheckError(
            f"{os.path.basename(path)} has no function {name!r} (it must return (fn, inputs) or (fn, inputs, kwargs))"
        )
    try:
        made = factory()
    except Exception as exc:  # noqa: BLE001
        raise CheckError(f"{name}() raised {_where(exc)}") from None
    if not isinstance(made, tuple) or len(made) not in (2, 3):
        raise CheckError(f"{name}() must return (fn, inputs) or (fn, inputs, kwargs), got {_shape_of(made)}")
    fn, inputs, kwargs = made if len(made) == 3 else (*made, {})
    if not isinstance(inputs, (tuple, list)):
        raise CheckError(f"{name}() must return its inputs as a tuple or list, got {type(inputs).__name__}")
    if not isinstance(kwargs, dict) or not all(isinstance(k, str) for k in kwargs):
        raise CheckError(f"{name}() must return its kwargs as a dict with string keys, got {type(kwargs).__name__}")
    return fn, tuple(inputs), kwargs


def _where(exc: BaseException) -> str:
    from torch_patch.tools.check import _one_line

    frame = sites.innermost_user_frame(traceback.extract_tb(exc.__traceback__))
    return f"{_one_line(exc)} at {sites.location(frame)}"


def _shape_of(value) -> str:
    if isinstance(value, tuple):
        return f"a tuple of {len(value)}"
    return type(value).__name__


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m torch_patch check",
        description="Check your own model: eager, float64 eager, stock compile and patched compile on its inputs.",
        epilog="NAME() returns (fn, inputs) or (fn, inputs, kwargs); see docs/usage.md. "
        "Exit 0: the patched compile is right; 1: it is wrong; 2: bad input.",
    )
    parser.add_argument(
        "target", metavar="FILE.py:NAME", help="a file, and a function in it returning (fn, inputs[, kwargs])"
    )
    parser.add_argument("--json", action="store_true", help="print the report as one JSON object")
    args = parser.parse_args(argv)
    try:
        fn, inputs, kwargs = load_target(args.target)
        report = check(fn, *inputs, **kwargs)
    except CheckError as exc:
        print(f"torch_patch check: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report.to_dict(), indent=2) if args.json else report)
    return 0 if report.ok else 1
