"""``torch_patch.check(fn, *inputs)``: is *this* model affected, where, and does the fix change anything else?

Why: the doctor (``python -m torch_patch``) answers for built-in cases only, and the pass's debug log
names FX nodes, not the user's code.  ``check`` runs the user's own function or module four ways on the
same inputs: eager (the reference), float64 eager (to tell precision from error), stock
``torch.compile`` (the baseline) and ``torch.compile`` with the fix; it judges the compiled gradients
(or outputs) with ``torch_patch.tools.judge``, the judge the tests use, and names every rewrite by
the user's ``file:line`` and source text (``torch_patch.graph.sites``).

Isolation, so that the check neither reuses nor disturbs the user's compiled code: each compile gets a
new code object (Dynamo caches per code object; ``torch._dynamo.reset()`` would discard the user's
other compiled functions, so it is never called), Inductor's caches are off for the check (a cached
artifact would skip the pass, and stock and patched must not serve each other), the fix is installed
for the patched compile only, and the install state and every config touched are restored afterwards,
also on error.  Both compiles use ``fullgraph=True``: a graph break is reported as bad input, since a
function split into graphs would run parts in eager and hide what the compile does to them.
"""

from __future__ import annotations

import collections
import contextlib
import copy
import dataclasses
import importlib
import inspect
import itertools
import math
import time
import traceback
import types
import warnings
from dataclasses import dataclass, field

import torch
from torch.utils import _pytree as pytree

from torch_patch import inductor
from torch_patch.graph import sites
from torch_patch.install import TorchPatchWarning, install, is_installed, uninstall

#: The compiled providers, judged against eager.
JUDGED = ("stock", "patched")
#: Where a precision-only difference can be excused (``verify.as_accurate_as_eager``), as in the tests.
LOW_PRECISION = (torch.bfloat16, torch.float16)
#: Every run starts from this RNG seed (inside ``torch.random.fork_rng``: the user's RNG is untouched).
SEED = 0
#: Rows of ``str(report)``; ``to_dict()`` has all of them.
MAX_ROWS = 12

_entry_ids = itertools.count()


class CheckError(ValueError):
    """Bad input to ``check()``: the message is one sentence saying what is wrong and what to do."""


@dataclass
class Judgement:
    """One compiled provider's result for one tensor, against eager and float64."""

    #: Relative L2 distance to the float64 result (None: float64 unavailable; nan: the tensor has NaN).
    rel_err_fp64: float | None
    #: NaN where eager has none.
    extra_nan: int
    #: Positions whose nonzero support differs from eager's.
    support_diff: int
    #: The judge's mismatches against eager (``verify.compare_gradients``), as text.
    problems: list[str]
    #: A bf16/fp16 support/value difference as close to float64 as eager (``as_accurate_as_eager``), or,
    #: without float64, reproduced by eager's own rounding (``emulate_precision_casts``).
    excused: bool
    #: What excused it: "float64" or "emulate_precision_casts" ("" when nothing is excused).
    excused_by: str = ""

    @property
    def right(self) -> bool:
        return not self.problems or self.excused

    def to_dict(self) -> dict:
        return {
            "right": self.right,
            "rel_err_fp64": _json_number(self.rel_err_fp64),
            "extra_nan": self.extra_nan,
            "support_diff": self.support_diff,
            "problems": self.problems,
            "excused_as_precision": self.excused,
            "excused_by": self.excused_by,
        }


@dataclass
class Row:
    """One gradient (``kind="grad"``: of an input or a parameter, by name) or output (``"output"``)."""

    kind: str
    name: str
    dtype: str
    shape: tuple
    eager_nan: int
    eager_rel_err_fp64: float | None
    judged: dict[str, Judgement]

    @property
    def right(self) -> bool:
        return all(j.right for j in self.judged.values())

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "name": self.name,
            "dtype": self.dtype,
            "shape": list(self.shape),
            "eager": {"nan": self.eager_nan, "rel_err_fp64": _json_number(self.eager_rel_err_fp64)},
            **{p: j.to_dict() for p, j in self.judged.items()},
        }


@dataclass
class Verdict:
    provider: str
    right: bool
    #: The first wrong tensor and its first mismatch ("" when right).
    reason: str = ""
    #: Tensors whose difference from eager was excused as precision only.
    excused: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        if not self.right:
            return f"WRONG: {self.reason}"
        return "right" + (f" ({len(self.excused)} precision-only difference(s) excused)" if self.excused else "")

    def to_dict(self) -> dict:
        verdict = "right" if self.right else "WRONG"
        return {"verdict": verdict, "right": self.right, "reason": self.reason, "excused": self.excused}


@dataclass
class CheckReport:
    """What ``check()`` found; ``print(report)`` is a short table, ``to_dict()`` is JSON-ready."""

    function: str
    mode: str  # "training" (gradients compared) or "inference" (outputs compared)
    torch_version: str
    rows: list[Row]
    verdicts: dict[str, Verdict]
    #: Distinct sites the patched compile rewrote, first seen first (``Site.rewrites``: how often).
    sites: list[sites.Site]
    #: None when float64 eager ran; else why not (then a precision difference is excused only where the
    #: compile with ``emulate_precision_casts`` equals eager).
    float64_unavailable: str | None
    seconds: dict[str, float]
    #: Graphs Dynamo compiled per compiled provider (1 each: no recompiles).
    compiles: dict[str, int]
    notes: list[str]
    #: The fix's policy for the patched compile (``torch_patch.install(policy=...)``), where it has one.
    policy: str | None = None
    #: What the gradients were judged against, in words (``_reference``).
    reference: str = "eager, and float64 eager"

    @property
    def ok(self) -> bool:
        """True when the patched compile is right (the CLI's exit status 0)."""
        return self.verdicts["patched"].right

    def to_dict(self) -> dict:
        return {
            "function": self.function,
            "mode": self.mode,
            "torch_version": self.torch_version,
            "policy": self.policy,
            "ok": self.ok,
            "verdicts": {p: v.to_dict() for p, v in self.verdicts.items()},
            "sites": [s.to_dict() for s in self.sites],
            "rows": [r.to_dict() for r in self.rows],
            "float64": {"available": self.float64_unavailable is None, "reason": self.float64_unavailable or ""},
            "reference": self.reference,
            "seconds": {k: round(v, 3) for k, v in self.seconds.items()},
            "compiles": self.compiles,
            "notes": self.notes,
        }

    def __str__(self) -> str:
        verdicts = ", ".join(f"{p} {'right' if v.right else 'WRONG'}" for p, v in self.verdicts.items())
        policy = f", policy {self.policy}" if self.policy else ""
        lines = [f"torch_patch.check({self.function}), {self.mode}, torch {self.torch_version}{policy}: {verdicts}"]
        lines += _table(self.rows, self.float64_unavailable is None)
        for provider, verdict in self.verdicts.items():
            lines.append(f"{provider + ':':<9}{verdict}")
        rewrites = sum(site.rewrites for site in self.sites)
        where = f" at {len(self.sites)} site(s):" if self.sites else ""
        lines.append(f"{'sites:':<9}{rewrites} rewrite(s) by the fix{where}")
        lines += [f"  {site.describe()}" for site in self.sites[:MAX_ROWS]]
        if len(self.sites) > MAX_ROWS:
            lines.append(f"  ... {len(self.sites) - MAX_ROWS} more (report.to_dict())")
        lines.append(f"{'judged:':<9}against {self.reference}")
        cost = ", ".join(
            f"{p} {s:.2f} s" + (f" ({self.compiles[p]} graph)" if p in self.compiles else "")
            for p, s in self.seconds.items()
        )
        lines.append(f"{'time:':<9}{cost}")
        lines += [f"{'note:':<9}{note}" for note in self.notes]
        return "\n".join(lines)


def _table(rows: list[Row], have_fp64: bool) -> list[str]:
    shown = sorted(rows, key=lambda r: r.right)[:MAX_ROWS]  # wrong rows first, order kept otherwise
    header = ("tensor", "dtype", "shape", "eager", *JUDGED)
    cells = [header]
    for row in shown:
        shape = "x".join(map(str, row.shape)) or "scalar"
        eager = _fmt(row.eager_rel_err_fp64) + (f" {row.eager_nan} NaN" if row.eager_nan else "")
        cells.append((_label(row)[:40], row.dtype, shape, eager, *(_cell(row.judged[p]) for p in JUDGED)))
    widths = [max(len(c[i]) for c in cells) for i in range(len(header))]
    metric = "relative L2 error to float64" if have_fp64 else "float64 unavailable"
    lines = [f"{metric}; +N NaN: NaN that eager lacks; supp N: positions whose zero/nonzero differs from eager"]
    lines += ["  ".join(c.ljust(w) for c, w in zip(cells_row, widths)).rstrip() for cells_row in cells]
    if len(rows) > len(shown):
        hidden = sum(not r.right for r in rows) - sum(not r.right for r in shown)
        lines.append(f"... {len(rows) - len(shown)} more tensors ({hidden} wrong; report.to_dict() has all)")
    return lines


def _cell(j: Judgement) -> str:
    text = _fmt(j.rel_err_fp64)
    if j.extra_nan:
        text += f" +{j.extra_nan} NaN"
    if j.support_diff:
        text += f" supp {j.support_diff}"
    if not j.right:
        text += " WRONG"
    elif j.excused:
        text += " (precision)"
    return text


def _fmt(value: float | None) -> str:
    if value is None:
        return "-"
    return "nan" if math.isnan(value) else f"{value:.1e}"


def _json_number(value: float | None):
    """JSON has no NaN/inf: they become the strings "nan"/"inf"."""
    if value is None or math.isfinite(value):
        return value
    return "nan" if math.isnan(value) else "inf"


# --------------------------------------------------------------------------------------------------
# The check


def check(fn, *inputs, loss=None, backward: bool = True, **kwargs) -> CheckReport:
    """Run ``fn(*inputs, **kwargs)`` in eager, float64 eager, stock compile and patched compile; report
    whether each compile is right, and every site the fix rewrote by the user's ``file:line``.

    ``fn`` is a function or an ``nn.Module``.  With ``backward=True`` it backpropagates ``loss(out)``
    (a floating scalar) or else the sum of the floating outputs, and compares the gradients of the
    inputs that require grad (of every floating input if none does and there are no trainable
    parameters) and of the module's trainable parameters, by name, plus the outputs.  With
    ``backward=False`` it runs under ``torch.no_grad()`` and compares the outputs (masks in
    inference).  Raises ``CheckError`` with one sentence on bad input; see docs/usage.md.
    """
    subject = _Subject.of(fn)
    if loss is not None and not callable(loss):
        raise CheckError(
            f"loss must be a function of fn's output that returns a scalar tensor, got {type(loss).__name__}"
        )
    missing = inductor.missing_internals()
    if missing:
        raise CheckError(
            f"the fix cannot be installed on torch {torch.__version__} (it lacks {', '.join(missing)}), "
            "so there is nothing to check"
        )
    return _Check(subject, inputs, kwargs, loss, backward).run()


@dataclass
class _Subject:
    call: object
    module: torch.nn.Module | None
    name: str
    notes: list[str]

    @classmethod
    def of(cls, fn) -> _Subject:
        notes = []
        original = getattr(fn, "_orig_mod", None) if isinstance(fn, torch.nn.Module) else None
        if original is None:
            original = getattr(fn, "_torchdynamo_orig_callable", None)
        if original is not None:
            notes.append("fn was already compiled: check() compiles its original function itself")
            fn = original
        if isinstance(fn, type):
            raise CheckError(f"check() got the class {fn.__name__}; pass an instance of it (the model), not the class")
        if not callable(fn):
            raise CheckError(f"check() needs a function or an nn.Module as its first argument, got {type(fn).__name__}")
        module = fn if isinstance(fn, torch.nn.Module) else None
        name = type(fn).__name__ if module is not None else getattr(fn, "__qualname__", None) or type(fn).__name__
        return cls(fn, module, name, notes)


@dataclass
class _Run:
    outputs: dict[str, torch.Tensor]
    grads: dict[str, torch.Tensor]
    seconds: float = 0.0
    graphs: int = 0


class _Check:
    def __init__(self, subject: _Subject, inputs: tuple, kwargs: dict, loss, backward: bool) -> None:
        self.subject, self.loss, self.backward = subject, loss, backward
        self._restore_buffers = lambda: None  # set by _buffers_kept() for a module with buffers
        #: fn's casts that the float64 reference ran as casts to float64 (``_UpcastCasts``), by name.
        self.upcast: list[str] = []
        self.notes = list(subject.notes)
        path_leaves, self.spec = pytree.tree_flatten_with_path((tuple(inputs), dict(kwargs)))
        self.leaves = [leaf for _, leaf in path_leaves]
        module = subject.module
        self.params = (
            [(n, p) for n, p in module.named_parameters() if p.requires_grad and p.is_floating_point()]
            if module is not None and backward
            else []
        )
        self.names = self._input_names([path for path, _ in path_leaves])
        self._validate(module)
        self.wrt = self._inputs_to_differentiate()

    # -- inputs ------------------------------------------------------------------------------------

    def _input_names(self, paths) -> list[str]:
        """A name per leaf: the parameter name of ``fn``'s signature (``x``), a keyword (``mask``),
        with a pytree suffix for nested inputs (``xs[1]``); never a parameter's name."""
        try:
            params = list(inspect.signature(self.subject.call).parameters.values())
        except (TypeError, ValueError):
            params = []
        positional = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        varargs = next((p.name for p in params if p.kind is p.VAR_POSITIONAL), None)
        taken = {n for n, _ in self.params}
        names = []
        for path in paths:
            key = path[1]
            if path[0].idx == 0:
                i = key.idx
                if i < len(positional):
                    name = positional[i]
                else:
                    name = f"{varargs}[{i - len(positional)}]" if varargs else f"input[{i}]"
            else:
                name = str(key.key)
            name += pytree.keystr(path[2:])
            names.append(f"input {name}" if name in taken else name)
        return names

    def _validate(self, module) -> None:
        tensors = [t for t in self.leaves if isinstance(t, torch.Tensor)]
        held = list(module.parameters()) + list(module.buffers()) if module is not None else []
        devices = sorted({str(t.device) for t in tensors + held if t.dim() > 0 or t.device.type != "cpu"})
        if len(devices) > 1:
            raise CheckError(
                f"the inputs and parameters are on different devices ({', '.join(devices)}); move them to one device"
            )
        if not any(t.is_floating_point() for t in tensors + held):
            kinds = ", ".join(sorted({str(t.dtype).removeprefix("torch.") for t in tensors})) or "no tensor"
            raise CheckError(
                f"check() needs a floating-point tensor among the inputs or the module's parameters, got {kinds}"
            )
        self.rng_device_type = next((d.split(":")[0] for d in devices if not d.startswith("cpu")), None)
        on_device = [t for t in tensors + held if t.device.type == self.rng_device_type]
        self.rng_devices = sorted({t.device.index or 0 for t in on_device})

    def _inputs_to_differentiate(self) -> list[int]:
        if not self.backward:
            return []
        floating = [i for i, t in enumerate(self.leaves) if isinstance(t, torch.Tensor) and t.is_floating_point()]
        wanted = [i for i in floating if self.leaves[i].requires_grad]
        if wanted or self.params:
            return wanted
        if not floating:
            raise CheckError(
                "there is nothing to differentiate (no floating input, no trainable parameter); "
                "pass backward=False to compare outputs"
            )
        self.notes.append("no input or parameter requires grad: gradients are taken for every floating input")
        return floating

    def _copy_inputs(self, to_float64: bool):
        leaves = []
        for i, leaf in enumerate(self.leaves):
            if isinstance(leaf, torch.Tensor):
                leaf = leaf.detach().clone()
                if to_float64 and leaf.is_floating_point():
                    leaf = leaf.double()
                leaf.requires_grad_(i in self.wrt)
            leaves.append(leaf)
        return leaves

    # -- runs --------------------------------------------------------------------------------------

    @contextlib.contextmanager
    def _buffers_kept(self):
        """Every run starts from the module's buffers (running statistics, caches) as the user left
        them, and they are left so afterwards."""
        module = self.subject.module
        saved = {n: b.detach().clone() for n, b in module.named_buffers()} if module is not None else {}

        def restore():
            with torch.no_grad():
                for name, buf in module.named_buffers():
                    if name in saved:
                        buf.copy_(saved[name])

        self._restore_buffers = restore if saved else (lambda: None)
        try:
            yield
        finally:
            self._restore_buffers()

    def _execute(self, call, params, to_float64: bool = False) -> _Run:
        self._restore_buffers()
        leaves = self._copy_inputs(to_float64)
        args, kwargs = pytree.tree_unflatten(leaves, self.spec)
        start = time.perf_counter()
        fork = torch.random.fork_rng(devices=self.rng_devices, device_type=self.rng_device_type or "cuda")
        with fork, torch.enable_grad() if self.backward else torch.no_grad():
            torch.manual_seed(SEED)
            out = call(*args, **kwargs)
            outputs = _named_tensors(out)
            grads = {}
            if self.backward:
                objective = self._objective(out, outputs)
                wrt = [(self.names[i], leaves[i]) for i in self.wrt] + list(params)
                got = torch.autograd.grad(objective, [t for _, t in wrt], allow_unused=True)
                grads = {n: g.detach() if g is not None else torch.zeros_like(t) for (n, t), g in zip(wrt, got)}
        if not outputs:
            raise CheckError(f"fn returned {type(out).__name__}, no tensor; check() compares tensor outputs")
        return _Run({n: t.detach() for n, t in outputs.items()}, grads, time.perf_counter() - start)

    def _objective(self, out, outputs: dict[str, torch.Tensor]) -> torch.Tensor:
        if self.loss is not None:
            value = self.loss(out)
            if not (isinstance(value, torch.Tensor) and value.numel() == 1 and value.is_floating_point()):
                raise CheckError(f"loss(out) must return a floating scalar tensor, got {_describe(value)}")
            if not value.requires_grad:
                raise CheckError(
                    "loss(out) carries no gradient (it does not require grad); make it depend on fn's floating outputs"
                )
            return value
        parts = [t.double().sum() for t in outputs.values() if t.is_floating_point() and t.requires_grad]
        if not parts:
            raise CheckError(
                "fn's outputs carry no gradient (no floating output requires grad); give inputs or parameters that "
                "require grad, or pass backward=False to compare outputs"
            )
        return sum(parts)

    def _eager(self) -> _Run:
        try:
            return self._execute(self.subject.call, self.params)
        except CheckError:
            raise
        except Exception as exc:  # noqa: BLE001 - the user's code failed: say where, in one sentence
            frame = sites.innermost_user_frame(traceback.extract_tb(exc.__traceback__))
            raise CheckError(f"eager raised {_one_line(exc)} at {sites.location(frame)}") from None

    def _float64(self) -> tuple[_Run | None, str | None]:
        """The float64 reference, or None and why not (a module that cannot be copied, a dtype fn sets in a
        way ``_UpcastCasts`` does not see).  fn's own casts to a narrower float (a loss that upcasts bf16
        logits with ``.float()``, ``dtype=torch.float32``) run as casts to float64, so that the reference is
        float64 all through; ``self.upcast`` records whether any did."""
        module = self.subject.module
        self._restore_buffers()  # the copy starts from the buffers eager started from
        upcasts = _UpcastCasts()
        try:
            call = copy.deepcopy(module).double() if module is not None else self.subject.call
            named = dict(call.named_parameters()) if module is not None else {}
            with upcasts, _default_dtype(torch.float64):
                run = self._execute(call, [(n, named[n]) for n, _ in self.params], to_float64=True)
        except Exception as exc:  # noqa: BLE001 - any failure means no float64 reference
            frame = sites.innermost_user_frame(traceback.extract_tb(exc.__traceback__))
            return None, f"float64 eager raised {_one_line(exc)} at {sites.location(frame)}"
        for name, tensor in itertools.chain(run.outputs.items(), run.grads.items()):
            if tensor.is_floating_point() and tensor.dtype != torch.float64:
                dtype = str(tensor.dtype).removeprefix("torch.")
                return None, f"{name} is {dtype} with float64 inputs and parameters (fn sets a dtype itself)"
        if upcasts.seen:
            self.upcast = sorted(upcasts.seen)
        return run, None

    def _compiled(self, provider: str) -> _Run:
        from torch._dynamo.exc import Unsupported

        _set_installed(provider == "patched")
        compiled = torch.compile(_fresh_entry(self.subject.call, provider), fullgraph=True)
        before = _graphs_compiled()
        try:
            run = self._execute(compiled, self.params)
        except Unsupported as exc:
            raise CheckError(_graph_break(exc)) from None
        except CheckError:
            raise
        except Exception as exc:  # noqa: BLE001 - reported in one sentence, not as torch's traceback
            raise CheckError(f"torch.compile ({provider}) raised {_one_line(exc)}") from None
        run.graphs = _graphs_compiled() - before
        return run

    def run(self) -> CheckReport:
        with _isolated(), self._buffers_kept():
            eager = self._eager()
            fp64, why_not = self._float64()
            stock = self._compiled("stock")
            with sites.collect_sites() as rewritten:
                patched = self._compiled("patched")
            compiled = {"stock": stock, "patched": patched}
            rows = self._rows(eager, fp64, compiled)
            if fp64 is None:
                self._excuse_by_eager_precision(rows, eager)
        seconds = {"eager": eager.seconds, **({"float64": fp64.seconds} if fp64 else {})}
        seconds.update(stock=stock.seconds, patched=patched.seconds)
        if not rewritten:
            self.notes.append("nothing was rewritten: the fix compiles this function to the same graph as stock")
        return CheckReport(
            function=self.subject.name,
            mode="training" if self.backward else "inference",
            torch_version=torch.__version__,
            rows=rows,
            verdicts={p: _verdict(p, rows) for p in JUDGED},
            sites=[dataclasses.replace(site, rewrites=n) for site, n in collections.Counter(rewritten).items()],
            float64_unavailable=why_not,
            reference=_reference(why_not, self.upcast),
            seconds=seconds,
            compiles={"stock": stock.graphs, "patched": patched.graphs},
            notes=self.notes,
            policy=_policy(),
        )

    def _excuse_by_eager_precision(self, rows: list[Row], eager: _Run) -> None:
        """Without a float64 reference, a bf16/fp16 support/value difference from eager is excused when the same
        compile with ``emulate_precision_casts=True`` (Inductor rounding every intermediate as eager does)
        equals eager on that tensor: the difference is then Inductor's precision, not a lost selection.  Never
        a NaN eager lacks, and never in float32/float64 (``verify.compare_gradients``' kinds decide)."""
        for provider in JUDGED:
            candidates = [r for r in rows if not r.judged[provider].right and _precision_only(r, provider)]
            if not candidates:
                continue
            with torch._inductor.config.patch(emulate_precision_casts=True):
                try:
                    emulated = self._compiled(provider)
                except CheckError as exc:
                    self.notes.append(f"{provider} with emulate_precision_casts could not run ({exc}): nothing excused")
                    continue
            from torch_patch.tools.judge import compare_gradients

            for row in candidates:
                attr = "grads" if row.kind == "grad" else "outputs"
                reference = getattr(eager, attr)[row.name]
                if not compare_gradients(reference, getattr(emulated, attr)[row.name], reference.dtype):
                    row.judged[provider].excused = True
                    row.judged[provider].excused_by = "emulate_precision_casts"

    # -- judging -----------------------------------------------------------------------------------

    def _rows(self, eager: _Run, fp64: _Run | None, compiled: dict[str, _Run]) -> list[Row]:
        rows = []
        for kind, attr in (("grad", "grads"), ("output", "outputs")):
            for name, reference in getattr(eager, attr).items():
                ref64 = getattr(fp64, attr).get(name) if fp64 else None
                if ref64 is not None and ref64.shape != reference.shape:
                    ref64 = None
                judged = {p: _judge(reference, getattr(run, attr)[name], ref64) for p, run in compiled.items()}
                rows.append(
                    Row(
                        kind=kind,
                        name=name,
                        dtype=str(reference.dtype).removeprefix("torch."),
                        shape=tuple(reference.shape),
                        eager_nan=_nan_count(reference),
                        eager_rel_err_fp64=_rel_err(reference, ref64),
                        judged=judged,
                    )
                )
        return rows


def _judge(eager: torch.Tensor, actual: torch.Tensor, ref64: torch.Tensor | None) -> Judgement:
    """``verify.compare_gradients`` against eager; a bf16/fp16 support/value difference is excused when
    it is as close to float64 as eager's (``verify.as_accurate_as_eager``), as in the tests."""
    from torch_patch.tools.judge import as_accurate_as_eager, compare_gradients

    problems = compare_gradients(eager, actual, eager.dtype)
    excused = bool(
        problems
        and ref64 is not None
        and eager.dtype in LOW_PRECISION
        and as_accurate_as_eager(problems, actual, eager, ref64)
    )
    same_shape = eager.shape == actual.shape
    e, a = eager.detach().double(), actual.detach().double()
    finite = ~(e.isnan() | a.isnan()) if same_shape else None
    return Judgement(
        rel_err_fp64=_rel_err(actual, ref64),
        extra_nan=int((a.isnan() & ~e.isnan()).sum()) if same_shape else 0,
        support_diff=int((((e != 0) != (a != 0)) & finite).sum()) if same_shape else 0,
        problems=[str(p) for p in problems],
        excused=excused,
        excused_by="float64" if excused else "",
    )


def _precision_only(row: Row, provider: str) -> bool:
    """A low-precision tensor whose only differences from eager are support and values (no NaN, no inf)."""
    judged = row.judged[provider]
    kinds = [p.split(":", 1)[0] for p in judged.problems]
    return row.dtype in ("bfloat16", "float16") and bool(kinds) and all(k in ("support", "values") for k in kinds)


def _verdict(provider: str, rows: list[Row]) -> Verdict:
    wrong = [r for r in rows if not r.judged[provider].right]
    excused = [_label(r) for r in rows if r.judged[provider].excused]
    if not wrong:
        return Verdict(provider, True, excused=excused)
    first = wrong[0]
    more = f"; {len(wrong) - 1} more tensor(s) wrong" if len(wrong) > 1 else ""
    return Verdict(provider, False, f"{_label(first)}: {first.judged[provider].problems[0]}{more}", excused)


def _label(row: Row) -> str:
    return row.name if row.kind == "output" else f"grad {row.name}"


def _rel_err(tensor: torch.Tensor, ref64: torch.Tensor | None) -> float | None:
    from torch_patch.tools.judge import relative_error

    if ref64 is None or tensor.shape != ref64.shape:
        return None
    if float(ref64.double().norm()) == 0.0:
        return 0.0 if float(tensor.double().norm()) == 0.0 else math.inf
    return relative_error(tensor, ref64)


def _nan_count(t: torch.Tensor) -> int:
    return int(t.isnan().sum()) if t.is_floating_point() or t.is_complex() else 0


def _named_tensors(out) -> dict[str, torch.Tensor]:
    leaves, _ = pytree.tree_flatten_with_path(out)
    return {"output" + pytree.keystr(path): t for path, t in leaves if isinstance(t, torch.Tensor)}


def _reference(float64_unavailable: str | None, upcast: list[str]) -> str:
    if float64_unavailable:
        return (
            f"eager only: float64 unavailable ({float64_unavailable}); a bf16/fp16 difference is excused where "
            "the compile with emulate_precision_casts equals eager"
        )
    if upcast:
        return f"eager, and float64 eager (fn's casts {', '.join(upcast)} ran as casts to float64)"
    return "eager, and float64 eager"


class _UpcastCasts(torch.overrides.TorchFunctionMode):
    """While the float64 reference runs: fn's casts to a narrower float dtype cast to float64 instead.

    A model that computes in bf16 and upcasts its logits (``.float()`` before ``cross_entropy``) would
    otherwise return float32 from float64 inputs, and the reference would be float32 from there on.  Caught:
    ``Tensor.float``/``half``/``bfloat16``, a floating ``dtype`` given to ``Tensor.to``/``Tensor.type`` or as a
    ``dtype=`` keyword (``softmax(..., dtype=torch.float32)``, factories).  ``seen`` names what was upcast.
    """

    _NARROWING = {torch.Tensor.float: "float()", torch.Tensor.half: "half()", torch.Tensor.bfloat16: "bfloat16()"}

    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = dict(kwargs or {})
        if func in self._NARROWING:
            self.seen.add(self._NARROWING[func])
            return torch.Tensor.double(*args[:1])
        if _narrower_float(kwargs.get("dtype")):
            self.seen.add(f"dtype={kwargs['dtype']}")
            kwargs["dtype"] = torch.float64
        if func in (torch.Tensor.to, torch.Tensor.type):
            narrowed = [a for a in args[1:] if _narrower_float(a)]
            self.seen.update(f"to({a})" for a in narrowed)
            args = tuple(torch.float64 if i and _narrower_float(a) else a for i, a in enumerate(args))
        return func(*args, **kwargs)


def _narrower_float(dtype) -> bool:
    return isinstance(dtype, torch.dtype) and dtype.is_floating_point and dtype != torch.float64


@contextlib.contextmanager
def _default_dtype(dtype: torch.dtype):
    previous = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        yield
    finally:
        torch.set_default_dtype(previous)


# --------------------------------------------------------------------------------------------------
# Isolation


def _fresh_entry(call, provider: str):
    """A function calling ``call`` with a code object of its own: Dynamo caches compiled code per code
    object, so neither compile can reuse the other's (or the user's) graphs, and nothing is reset."""

    def entry(*args, **kwargs):
        return call(*args, **kwargs)

    code = entry.__code__.replace(co_name=f"torch_patch_check_{provider}_{next(_entry_ids)}")
    return types.FunctionType(code, entry.__globals__, code.co_name, None, entry.__closure__)


def _graphs_compiled() -> int:
    from torch._dynamo.utils import counters

    return int(counters["stats"]["unique_graphs"])


def _policy() -> str | None:
    install_module = importlib.import_module("torch_patch.install")  # the package binds the function
    current = getattr(install_module, "policy", None)  # the fix's policy API, where this version has one
    return current() if callable(current) else None


def _set_installed(installed: bool) -> None:
    if installed and not is_installed():
        with warnings.catch_warnings():
            # The user's compiled code predates this install by design; the warning is for users.
            warnings.filterwarnings("ignore", message=".*installed after torch.compile", category=TorchPatchWarning)
            if not install():
                raise CheckError(f"the fix cannot be installed on torch {torch.__version__}; see the warning above")
    elif not installed and is_installed():
        uninstall()


@contextlib.contextmanager
def _isolated():
    """Inductor's caches off (a cached artifact would skip the pass) and ``fallback_random`` on (a
    compiled random op then draws what eager draws from the same seed), for the check only; the fix's
    install state as the user had it, afterwards, also on error."""
    was_installed = is_installed()
    try:
        with torch._inductor.config.patch(force_disable_caches=True, fallback_random=True), warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*dynamo_pgo force disabled")
            yield
    finally:
        _set_installed(was_installed)


# --------------------------------------------------------------------------------------------------
# One-sentence messages


def _one_line(exc: BaseException) -> str:
    text = next((line.strip() for line in str(exc).splitlines() if line.strip()), "")
    text = text if len(text) <= 200 else text[:197] + "..."
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _graph_break(exc: BaseException) -> str:
    frame = sites.innermost_user_frame(getattr(exc, "real_stack", None) or [])
    reason = getattr(exc, "gb_type", None) or _one_line(exc)
    written = sites.code_of(frame) if frame else ""
    where = sites.location(frame) + (f" `{written}`" if written else "")
    return (
        f"torch.compile found a graph break at {where} ({reason}); check() compiles fn as one graph "
        "(fullgraph=True), so remove the break or check the code before and after it separately"
    )


def _describe(value) -> str:
    if isinstance(value, torch.Tensor):
        return f"a {str(value.dtype).removeprefix('torch.')} tensor of shape {tuple(value.shape)}"
    return type(value).__name__
