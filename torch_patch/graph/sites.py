"""Where a rewrite is in the user's source: the file, line and expression behind an FX node.

Why: the pass sees FX nodes (``amax_1``, ``convert_element_type_4``); the user wrote
``s.amax(-1, keepdim=True)`` at ``model.py:41``.  Dynamo records each node's user stack in
``node.meta["stack_trace"]`` and AOTAutograd carries it into the joint graph the pass rewrites, so
the innermost frame outside torch, torch_patch and the standard library is the user's line.  Python
3.11+ tracebacks underline the expression being evaluated; that segment, narrowed with ``ast`` to the
call of the op (``z.amin(dim=-1) * 2`` -> ``z.amin(dim=-1)``), is "the op as the user wrote it".

``report_rewrite`` is what the pass calls once per rewrite: it logs the one INFO line a user reads
(``TORCH_LOGS=torch_patch``) and hands the site to the collectors that ``collect_sites()`` opened in
the compiling thread (``torch_patch.check`` lists a compile's rewrites that way).  It never raises: a
rewrite is already applied when it is reported, and a naming failure must not undo it.
"""

from __future__ import annotations

import ast
import contextlib
import io
import linecache
import logging
import os
import re
import sysconfig
import threading
import tokenize
import traceback
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import torch

log = logging.getLogger(__name__)


def _dirs(*paths: str | None) -> tuple[str, ...]:
    return tuple(os.path.realpath(p) + os.sep for p in paths if p)


_PATHS = sysconfig.get_paths()
#: Frames in torch and torch_patch are library code, never "the user's line"; so are the standard
#: library's, except its site-packages (a venv's ``platstdlib`` contains them): model code installed
#: there (a transformers model) is the user's.
_LIBRARY_DIRS = _dirs(os.path.dirname(torch.__file__), os.path.dirname(os.path.abspath(__file__)))
_STDLIB_DIRS = _dirs(_PATHS.get("stdlib"), _PATHS.get("platstdlib"))
_SITE_DIRS = _dirs(_PATHS.get("purelib"), _PATHS.get("platlib"))

_FILE_LINE = re.compile(r'^\s*File "(?P<file>.+)", line (?P<line>\d+), in (?P<func>.+)$')
_CARETS = re.compile(r"^\s*[~^]+\s*$")

#: Names a user may have written for an op the pass rewrites, beyond the op's own name and its
#: in-place form: ``aminmax`` and the inf-norm decompose into ``amin``/``amax``.
_SPELLINGS = {
    "amax": ("max", "aminmax", "vector_norm", "norm"),
    "amin": ("min", "aminmax", "vector_norm", "norm"),
    "sort": ("msort",),
}


@dataclass(frozen=True)
class Frame:
    """One frame of a stack: where, and the source text (``segment``: the underlined expression)."""

    file: str
    line: int
    func: str
    text: str = ""
    segment: str = ""


def is_user_file(path: str) -> bool:
    """False for torch, torch_patch and standard-library files (frozen ones too); True for everything
    else (the user's scripts and tests, and third-party model code such as a transformers module)."""
    if path.startswith("<frozen "):
        return False
    real = os.path.realpath(path)
    if real.startswith(_LIBRARY_DIRS):
        return False
    return not real.startswith(_STDLIB_DIRS) or real.startswith(_SITE_DIRS)


def frames_from_stack_trace(stack_trace: str) -> list[Frame]:
    """The frames of a formatted stack (``node.meta["stack_trace"]``), outermost first."""
    frames: list[Frame] = []
    lines = stack_trace.splitlines()
    i = 0
    while i < len(lines):
        match = _FILE_LINE.match(lines[i])
        i += 1
        if not match:
            continue
        text = segment = ""
        if i < len(lines) and not _FILE_LINE.match(lines[i]):
            shown = lines[i]
            text = shown.strip()
            i += 1
            if i < len(lines) and _CARETS.match(lines[i]):
                carets = lines[i]
                start = len(carets) - len(carets.lstrip())
                segment = shown[start : len(carets.rstrip())].strip()
                i += 1
        frames.append(Frame(match["file"], int(match["line"]), match["func"], text, segment))
    return frames


def innermost_user_frame(frames: Iterable[Frame | traceback.FrameSummary]) -> Frame | None:
    """The last frame in user code (``frames`` outermost first), or None."""
    found = None
    for frame in frames:
        if isinstance(frame, traceback.FrameSummary):
            frame = _from_summary(frame)
        if is_user_file(frame.file):
            found = frame
    return found


def _from_summary(summary: traceback.FrameSummary) -> Frame:
    """A ``Frame`` of a traceback entry; its segment from the entry's columns (Python 3.11+)."""
    segment = ""
    colno, end_colno = getattr(summary, "colno", None), getattr(summary, "end_colno", None)
    if colno is not None and end_colno is not None and getattr(summary, "end_lineno", None) == summary.lineno:
        segment = linecache.getline(summary.filename, summary.lineno or 0)[colno:end_colno].strip()
    return Frame(summary.filename, summary.lineno or 0, summary.name, (summary.line or "").strip(), segment)


def code_of(frame: Frame) -> str:
    """The frame's underlined expression, else its line without a trailing comment."""
    if frame.segment:
        return frame.segment
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(frame.text).readline))
    except (tokenize.TokenError, SyntaxError):
        return frame.text
    comment = next((t for t in tokens if t.type == tokenize.COMMENT), None)
    return frame.text[: comment.start[1]].rstrip() if comment else frame.text


def short_path(path: str) -> str:
    """``path`` relative to the working directory when it is inside it, else as given."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return path
    return path if rel.startswith(os.pardir) else rel


def location(frame: Frame | None) -> str:
    """``file:line`` of ``frame`` (short path), or ``<unknown location>``."""
    return f"{short_path(frame.file)}:{frame.line}" if frame else "<unknown location>"


def written_as(frame: Frame, op_name: str) -> str:
    """The expression at ``frame`` that calls ``op_name`` (or a spelling of it), as the user wrote it.

    Narrows the underlined segment (else the whole line) to the first call of that name; returns the
    segment or the line when no such call is found (a decomposed op, a multi-line statement)."""
    names = {op_name, op_name + "_", *_SPELLINGS.get(op_name, ())}
    for source in (frame.segment, frame.text):
        if not source:
            continue
        call = _first_call(source, names)
        if call:
            return call
    return frame.segment or frame.text


def _first_call(source: str, names: set[str]) -> str:
    for mode in ("eval", "exec"):
        try:
            tree = ast.parse(source, mode=mode)
        except SyntaxError:
            continue
        calls = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and (getattr(node.func, "attr", None) in names or getattr(node.func, "id", None) in names)
        ]
        if calls:
            first = min(calls, key=lambda node: (node.lineno, node.col_offset))
            return ast.get_source_segment(source, first) or ""
        return ""
    return ""


@dataclass(frozen=True)
class Site:
    """One rewrite, named by the user's source: what ``check()`` reports and the INFO line says."""

    #: The ATen op rewritten, e.g. ``aten.amax`` or ``aten.max.dim``.
    op: str
    #: The op's call as the user wrote it (``s.amax(-1, keepdim=True)``); "" when unknown.
    source: str
    #: The user's file (absolute, as Python reports it) and line; None when no user frame is known.
    file: str | None
    line: int | None
    #: The whole source line, stripped.
    line_text: str
    #: dtype and shape of the stored value (the op's input).
    dtype: str
    shape: tuple
    #: ``reduction``: an op whose autograd mask compares with its result (amin, amax, ...);
    #: ``selection``: ``.values`` of max/topk/sort/... compared by user code.
    kind: str
    #: How many rewrites share this site (a line run by several layers); 1 for one rewrite.
    rewrites: int = 1

    @property
    def location(self) -> str:
        if self.file is None:
            return "<unknown location>"
        return f"{short_path(self.file)}:{self.line}"

    def describe(self) -> str:
        """``model.py:41 `s.amax(-1, keepdim=True)` (aten.amax, bfloat16 2x4x16x16)``."""
        shape = "x".join(map(str, self.shape)) or "scalar"
        written = f" `{self.source}`" if self.source else ""
        times = f" x{self.rewrites}" if self.rewrites > 1 else ""
        return f"{self.location}{written} ({self.op}, {self.dtype} {shape}){times}"

    def to_dict(self) -> dict:
        return {
            "op": self.op,
            "source": self.source,
            "file": self.file,
            "line": self.line,
            "location": self.location,
            "line_text": self.line_text,
            "dtype": self.dtype,
            "shape": list(self.shape),
            "kind": self.kind,
            "rewrites": self.rewrites,
        }


_EFFECT = {
    "reduction": "the reduction and its mask now read one stored copy",
    "selection": "the selected values and the comparison with them now read one stored copy",
}


def op_name(target: object) -> str:
    """``aten.amax`` for ``aten.amax.default``, ``aten.max.dim`` for an overload other than default."""
    packet = getattr(target, "overloadpacket", None)
    if packet is None:
        return str(target)
    overload = getattr(target, "_overloadname", "default")
    base = f"{packet._qualified_op_name.replace('::', '.')}"
    return base if overload == "default" else f"{base}.{overload}"


def _dims(node: torch.fx.Node) -> tuple[str, tuple]:
    val = node.meta.get("val")
    dtype = str(getattr(val, "dtype", "unknown dtype")).removeprefix("torch.")
    shape = tuple(int(s) if isinstance(s, int) else str(s) for s in getattr(val, "shape", ()))
    return dtype, shape


def site_of(reduction: torch.fx.Node, reduced: torch.fx.Node, kind: str) -> Site:
    """The site of a rewrite of ``reduction`` (the value-selecting op) over ``reduced`` (its input)."""
    frame = None
    for node in (reduction, reduced):
        stack = node.meta.get("stack_trace")
        frame = innermost_user_frame(frames_from_stack_trace(stack)) if stack else None
        if frame is not None:
            break
    target = reduction.target
    name = getattr(getattr(target, "overloadpacket", None), "__name__", str(target))
    dtype, shape = _dims(reduced)
    return Site(
        op=op_name(target),
        source=written_as(frame, name) if frame else "",
        file=frame.file if frame else None,
        line=frame.line if frame else None,
        line_text=frame.text if frame else "",
        dtype=dtype,
        shape=shape,
        kind=kind,
    )


_lock = threading.Lock()
#: Open collectors per thread: the pass runs in the thread that compiles (Dynamo calls the backend
#: synchronously), so a collector sees the rewrites of its own thread's compiles only.
_collectors: dict[int, list[list[Site]]] = {}


@contextlib.contextmanager
def collect_sites() -> Iterator[list[Site]]:
    """Yield a list that receives every ``Site`` rewritten by compiles in this thread meanwhile.

    Only compiles that run the pass are seen: use it with Inductor's caches off, or a cached
    artifact skips the pass."""
    sites: list[Site] = []
    tid = threading.get_ident()
    with _lock:
        _collectors.setdefault(tid, []).append(sites)
    try:
        yield sites
    finally:
        with _lock:
            open_here = _collectors[tid]
            del open_here[next(i for i, s in enumerate(open_here) if s is sites)]
            if not open_here:
                del _collectors[tid]


def report_rewrite(graph: torch.fx.Graph, plan) -> Site | None:
    """Log one rewrite at INFO by the user's ``file:line`` and op, and hand it to open collectors.

    ``plan`` is a ``torch_patch.graph.plan.ReductionRewrite`` (its ``reduction`` and ``reduced`` nodes) applied to
    ``graph``.  A failure to name the site is logged as a warning; it never propagates (the rewrite is
    done)."""
    try:
        from torch_patch.graph.ops import VALUE_SELECTING_OPS

        kind = "reduction" if plan.reduction.target in VALUE_SELECTING_OPS else "selection"
        site = site_of(plan.reduction, plan.reduced, kind)
    except Exception as exc:  # noqa: BLE001 - naming is a report; the rewrite itself succeeded
        log.warning(
            "torch_patch: rewrote %s in graph@%#x but could not name its source line: %r",
            getattr(plan, "reduction", "?"),
            id(graph),
            exc,
        )
        return None
    log.info("torch_patch: %s: %s", site.describe(), _EFFECT[kind])
    with _lock:
        targets = list(_collectors.get(threading.get_ident(), ()))
    for sites in targets:
        sites.append(site)
    return site
