"""The one list of cases that drives the demo, the tests and the upstream-patch verification.

A case is a producer (what computes the reduced values), a reduction from the fix's scope, a dtype, a
shape and a wrapper (plain training graph, ``func.grad``, checkpoint, ...).  ``run_case`` returns the
forward output and the gradient w.r.t. ``x`` for eager or compiled execution, so callers only compare.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import torch
import torch.nn.functional as F

INF = math.inf

#: What computes the reduced values from ``x`` (requires grad) and ``y`` (a constant of x's shape).
PRODUCERS: dict[str, Callable] = {
    "identity": lambda x, y: x,  # zero-impact control: the reduced value is a graph input
    "atan2": torch.atan2,
    "sin": lambda x, y: torch.sin(x),
    "sin_scaled": lambda x, y: torch.sin(3 * x),  # two ops: eager rounds 3*x in bf16, Inductor does not
    "erf": lambda x, y: torch.erf(x) * y,
    "exp": lambda x, y: torch.exp(x) - y,
    "mul": lambda x, y: x * y,
    "tanh_chain": lambda x, y: torch.tanh(x * y) + torch.sin(x),
    "matmul": lambda x, y: x @ y.mT,
    "gelu_matmul": lambda x, y: F.gelu(x @ y.mT),
}

#: The reductions whose backward uses an exact equality mask.
REDUCTIONS: dict[str, Callable] = {
    "amin_last": lambda v: v.amin(dim=-1),
    "amin_last_keepdim": lambda v: v.amin(dim=-1, keepdim=True),
    "amax_tuple": lambda v: v.amax(dim=(0, -1)),
    "amax_nodim": lambda v: v.amax(),
    "amax_first_keepdim": lambda v: v.amax(dim=0, keepdim=True),
    "max_all": lambda v: v.max(),
    "min_all": lambda v: v.min(),
    "norm_inf": lambda v: torch.linalg.vector_norm(v, ord=INF, dim=-1),
    "norm_ninf_keepdim": lambda v: torch.norm(v, p=-INF, dim=-1, keepdim=True),
    "aminmax": lambda v: sum(torch.aminmax(v, dim=-1)),
    "aminmax_all": lambda v: sum(torch.aminmax(v)),
    "median_all": lambda v: v.median(),
    "nanmedian_all": lambda v: v.nanmedian(),
    # Scatter-style reductions (graph networks' max aggregation), along the last dim: see scatter_index.
    "scatter_amax": lambda v: scatter_target(v, "zeros").scatter_reduce(
        -1, scatter_index(v), v, "amax", include_self=False
    ),
    "scatter_amin_self": lambda v: scatter_target(v, "computed").scatter_reduce(
        -1, scatter_index(v), v, "amin", include_self=True
    ),
    "scatter_amax_inplace": lambda v: scatter_target(v, "computed").scatter_reduce_(
        -1, scatter_index(v), v, "amax", include_self=True
    ),
    "index_amax": lambda v: scatter_target(v, "zeros").index_reduce(
        -1, scatter_index(v)[(0,) * (v.dim() - 1)], v, "amax", include_self=False
    ),
    "index_amin_self_inplace": lambda v: scatter_target(v, "computed").index_reduce_(
        -1, scatter_index(v)[(0,) * (v.dim() - 1)], v, "amin", include_self=True
    ),
}

#: Reductions in ``REDUCTIONS`` that scatter into targets along the last dim.
SCATTER_REDUCTIONS = frozenset(name for name in REDUCTIONS if name.startswith(("scatter_", "index_")))

#: The amin/amax-based reductions the matrix crosses with every dtype and size.  median(), scatter_reduce
#: and index_reduce are checked per dtype, with ties, special values, dynamic shapes and func.grad, in
#: test/test_family.py, and drawn by the fuzzer.
MATRIX_REDUCTIONS = tuple(name for name in REDUCTIONS if name not in SCATTER_REDUCTIONS and "median" not in name)


def scatter_index(v: torch.Tensor) -> torch.Tensor:
    """The index of the scatter-style reductions: element ``j`` of the last dim goes to target ``j // 2``.

    So neighbours share a target (duplicate indices; the ``ties`` inputs make them tie), and the last
    of the ``n // 2 + 2`` targets receives nothing (an empty target row keeps its ``self`` value).
    """
    n = v.shape[-1]
    return (torch.arange(n, device=v.device) // 2).expand(v.shape)


def scatter_target(v: torch.Tensor, kind: str) -> torch.Tensor:
    """The ``self`` of the scatter-style reductions: zeros (a graph network's output buffer), or a value
    computed from ``v`` (``include_self=True`` then selects from it too, and it needs its own mask)."""
    shape = (*v.shape[:-1], v.shape[-1] // 2 + 2)
    if kind == "zeros":
        return v.new_zeros(shape)
    return torch.cos(v[..., :1]).expand(shape).contiguous()

#: Steps of a fuzzed producer chain (``"chain:matmul+sin+f32+atan2"``): unary steps map v -> v, binary
#: steps combine v with the constant y (same shape), ``f32`` casts to float32; the chain's result is
#: cast back to the case dtype.  ``matmul`` multiplies by the (k, k) Gram matrix of y: shape-preserving.
CHAIN_STEPS: dict[str, Callable] = {
    "sin": lambda v, y: torch.sin(v),
    "exp": lambda v, y: torch.exp(v),
    "tanh": lambda v, y: torch.tanh(v),
    "erf": lambda v, y: torch.erf(v),
    "sigmoid": lambda v, y: torch.sigmoid(v),
    "atan": lambda v, y: torch.atan(v),
    "square": lambda v, y: v * v,
    "scale": lambda v, y: v * 1.7,
    "atan2": lambda v, y: torch.atan2(v, y.to(v.dtype)),
    "mul": lambda v, y: v * y.to(v.dtype),
    "add": lambda v, y: v + y.to(v.dtype),
    "sub": lambda v, y: v - y.to(v.dtype),
    "f32": lambda v, y: v.float(),
    "matmul": lambda v, y: gram_matmul(v, y) / y.shape[-2],
}


def gram_matmul(v: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """``v`` times the (k, k) Gram matrix of ``y``, in ``v``'s dtype: the ``matmul`` chain step before
    its scaling (two mm kernels, each rounding its output)."""
    return v @ (y.mT @ y).to(v.dtype)


CHAIN_PREFIX = "chain:"

# ---------------------------------------------------------------------------------------------
# User-written masks (PyTorch #195214): ``"mask:<selection>:<comparison>:<use>"`` compares a computed
# value ``z`` with a value selected from ``z`` itself, and uses the mask.  In place of a reduction.

MASK_PREFIX = "mask:"


def _second_largest(z: torch.Tensor) -> torch.Tensor:
    return z.topk(min(2, z.shape[-1]), dim=-1).values[..., -1:]


#: What the mask compares with: name -> (values selected from z, broadcastable to z; the dims over
#: which a row of the mask holds the selected value, None for all).  Slicing, ``select``, ``expand``,
#: ``unsqueeze`` and ``gather``/``index_select`` are the ways user code reads the values.
SELECTIONS: dict[str, tuple[Callable, tuple[int, ...] | None]] = {
    "amax": (lambda z: z.amax(dim=-1, keepdim=True), (-1,)),
    "max_all": (lambda z: z.max(), None),
    "max_dim": (lambda z: torch.max(z, dim=-1, keepdim=True).values, (-1,)),
    "min_dim_expand": (lambda z: z.min(dim=-1).values.unsqueeze(-1).expand_as(z), (-1,)),
    "topk_slice": (_second_largest, (-1,)),
    "topk_gather": (
        lambda z: z.topk(min(2, z.shape[-1]), dim=-1).values.gather(-1, torch.zeros_like(z[..., :1], dtype=torch.long)),
        (-1,),
    ),
    "sort_select": (lambda z: z.sort(dim=-1, descending=True).values.select(-1, 0).unsqueeze(-1), (-1,)),
    "msort_first": (lambda z: torch.msort(z)[:1], (0,)),
    "kthvalue": (lambda z: z.kthvalue((z.shape[-1] + 1) // 2, dim=-1, keepdim=True).values, (-1,)),
    "median_dim": (lambda z: z.median(dim=-1, keepdim=True).values, (-1,)),
    "nanmedian_dim": (lambda z: z.nanmedian(dim=-1, keepdim=True).values, (-1,)),
    "mode": (lambda z: z.mode(dim=-1, keepdim=True).values, (-1,)),
    "cummax": (lambda z: z.cummax(dim=-1).values, (-1,)),
    "cummin_index_select": (
        lambda z: z.cummin(dim=-1).values.index_select(-1, torch.arange(z.shape[-1], device=z.device)),
        (-1,),
    ),
}

#: The exact comparisons a mask is written with.  ``eq``, ``ge`` and ``le`` are *inclusive*: a value
#: compares true with itself, so for ``eq`` against a max (``ge``/``le`` against any selected value
#: on the right side) a row of the mask is never empty in eager.
COMPARISONS: dict[str, Callable] = {
    "eq": torch.eq, "ne": torch.ne, "ge": torch.ge, "gt": torch.gt, "le": torch.le, "lt": torch.lt,
}
INCLUSIVE_COMPARISONS = ("eq", "ge", "le")


def _count_normalized(z, mask, dims):
    """#195214's use: the mask divided by its count (a tie split evenly, a top-k renormalized); a
    count of 0 gives inf/NaN."""
    count = mask.sum(dim=dims, keepdim=True) if dims is not None else mask.sum()
    return z * mask / count


#: What user code does with the mask; each output is differentiable in z (training checks the
#: gradient too).
MASK_USES: dict[str, Callable] = {
    "where": lambda z, mask, dims: torch.where(mask, z, 0.5 * z),
    "masked_fill": lambda z, mask, dims: z.masked_fill(mask, 0.0),
    "count": _count_normalized,
    "onehot_st": lambda z, mask, dims: mask.to(z.dtype) + z - z.detach(),  # straight-through hard mask
}


def mask_function(name: str) -> Callable:
    """The ``mask:<selection>:<comparison>:<use>`` function of ``z``."""
    parts = name[len(MASK_PREFIX) :].split(":")
    if len(parts) != 3 or parts[0] not in SELECTIONS or parts[1] not in COMPARISONS or parts[2] not in MASK_USES:
        raise ValueError(
            f"bad mask case {name!r}: expected 'mask:<selection>:<comparison>:<use>' with a selection of "
            f"{sorted(SELECTIONS)}, a comparison of {sorted(COMPARISONS)} and a use of {sorted(MASK_USES)}"
        )
    (select, dims), compare, use = SELECTIONS[parts[0]], COMPARISONS[parts[1]], MASK_USES[parts[2]]

    def masked(z):
        mask = compare(z, select(z))
        # The mask itself is an output too: one flipped element changes the forward by 1 (and its
        # support), however small the value it gates.
        return torch.stack((use(z, mask, dims), mask.to(z.dtype)))

    return masked


def reduction_function(name: str) -> Callable:
    """The reduction called ``name``: a ``REDUCTIONS`` entry or a ``mask:`` case."""
    if name.startswith(MASK_PREFIX):
        return mask_function(name)
    if name not in REDUCTIONS:
        raise ValueError(f"unknown reduction {name!r}; expected one of {sorted(REDUCTIONS)} or 'mask:...'")
    return REDUCTIONS[name]


def producer_function(name: str) -> Callable:
    """The producer called ``name``: a ``PRODUCERS`` entry or a ``chain:`` of ``CHAIN_STEPS``."""
    if name in PRODUCERS:
        return PRODUCERS[name]
    if not name.startswith(CHAIN_PREFIX):
        raise ValueError(f"unknown producer {name!r}; expected one of {sorted(PRODUCERS)} or 'chain:a+b+...'")
    steps = name[len(CHAIN_PREFIX) :].split("+")
    unknown = [s for s in steps if s not in CHAIN_STEPS]
    if unknown or not steps:
        raise ValueError(f"unknown chain step(s) {unknown} in {name!r}; known: {sorted(CHAIN_STEPS)}")

    def chain(x, y):
        v = x
        for step in steps:
            v = CHAIN_STEPS[step](v, y)
        return v.to(x.dtype)

    return chain


DTYPES = {"fp32": torch.float32, "fp64": torch.float64, "bf16": torch.bfloat16, "fp16": torch.float16}

#: How the compiled region computes gradients; ``no_grad`` and ``inference_mode`` compute none
#: (forward-only graphs: the case's gradient is ``None``).
WRAPPERS = ("train", "func_grad", "autograd_grad", "checkpoint", "checkpoint_regions", "no_grad", "inference_mode")
FORWARD_ONLY_WRAPPERS = ("no_grad", "inference_mode")

#: How inputs are laid out / filled.
INPUT_KINDS = ("randn", "ties", "special", "noncontiguous", "channels_last")


@dataclass(frozen=True)
class Case:
    producer: str
    reduction: str
    dtype: str
    shape: tuple[int, ...]
    wrapper: str = "train"
    inputs: str = "randn"
    dynamic: bool = False
    seed: int = 0
    #: Where the inputs live (``"cuda"`` for the GPU check); inputs are drawn on the CPU, then moved.
    device: str = "cpu"

    @property
    def name(self) -> str:
        shape = "x".join(map(str, self.shape))
        extra = [self.wrapper] if self.wrapper != "train" else []
        extra += [self.inputs] if self.inputs != "randn" else []
        extra += ["dynamic"] if self.dynamic else []
        extra += [self.device] if self.device != "cpu" else []
        return "-".join([self.producer, self.reduction, self.dtype, shape, *extra])

    @property
    def torch_dtype(self) -> torch.dtype:
        return DTYPES[self.dtype]

    @property
    def precision_dtype(self) -> torch.dtype:
        """The least precise dtype the values pass through: a float64 chain with an ``f32`` cast
        is only float32-accurate, and is compared with float32 tolerances."""
        steps = self.producer[len(CHAIN_PREFIX) :].split("+") if self.producer.startswith(CHAIN_PREFIX) else ()
        if self.torch_dtype == torch.float64 and "f32" in steps:
            return torch.float32
        return self.torch_dtype

    def with_(self, **changes) -> Case:
        return replace(self, **changes)

    def function(self) -> Callable:
        producer, reduction = producer_function(self.producer), reduction_function(self.reduction)
        return lambda x, y: reduction(producer(x, y))


def make_inputs(case: Case) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """(x, y, upstream-gradient weights) for ``case``; deterministic in ``case.seed``."""
    gen = torch.Generator().manual_seed(case.seed)
    dtype = case.torch_dtype
    x = torch.randn(case.shape, generator=gen, dtype=torch.float32)
    y = torch.randn(case.shape, generator=gen, dtype=torch.float32)
    if case.inputs == "ties":
        # Exact duplicates along the reduced (last) dim: eager splits the gradient over them.
        x[..., 1::2] = x[..., :1]
        y[..., 1::2] = y[..., :1]
    elif case.inputs == "special":
        flat = x.view(-1)
        specials = torch.tensor([math.nan, INF, -INF, 0.0, -0.0], dtype=torch.float32)
        idx = torch.randperm(flat.numel(), generator=gen)[: min(len(specials), flat.numel())]
        flat[idx] = specials[: len(idx)]
    x, y = x.to(device=case.device, dtype=dtype), y.to(device=case.device, dtype=dtype)
    if case.inputs == "noncontiguous":
        x = x.mT.contiguous().mT
        y = y.mT.contiguous().mT
    elif case.inputs == "channels_last":
        if x.dim() != 4:
            raise ValueError(f"channels_last inputs need a 4-d shape, got {case.shape}")
        x = x.contiguous(memory_format=torch.channels_last)
        y = y.contiguous(memory_format=torch.channels_last)
    return x, y, gen


def _weights_like(out: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    # Positive, distinct upstream gradients: a gradient routed to the wrong row or split unevenly
    # shows up in the values, not only in the support.
    return (torch.rand(out.shape, generator=gen, dtype=torch.float32) + 0.5).to(out.device)


def wrapped(case: Case) -> Callable:
    """A function ``(x, y, w) -> (out, grad_x)`` implementing the case's wrapper."""
    f = case.function()

    def loss(x, y, w):
        out = f(x, y)
        return (out.float() * w).sum(), out

    if case.wrapper in ("train", *FORWARD_ONLY_WRAPPERS):

        def train(x, y, w):
            return f(x, y)

        return train
    if case.wrapper == "checkpoint":
        from torch.utils.checkpoint import checkpoint

        def checkpointed(x, y, w):
            return checkpoint(f, x, y, use_reentrant=False)

        return checkpointed
    if case.wrapper == "checkpoint_regions":
        run = checkpoint_regions(case)

        def in_regions(x, y, w):
            return run(x, y)

        return in_regions
    if case.wrapper == "func_grad":
        grad_fn = torch.func.grad_and_value(loss, has_aux=True)

        def func_grad(x, y, w):
            grad, (_, out) = grad_fn(x, y, w)
            return out, grad

        return func_grad
    if case.wrapper == "autograd_grad":

        def autograd_grad(x, y, w):
            x = x.detach().requires_grad_(True)
            with torch.enable_grad():
                total, out = loss(x, y, w)
                (grad,) = torch.autograd.grad(total, x)
            return out.detach(), grad

        return autograd_grad
    raise ValueError(f"unknown wrapper {case.wrapper!r}; expected one of {WRAPPERS}")


def stages(case: Case) -> list[Callable]:
    """The case's function as a list of stages ``(v, y) -> v``, in order: each producer step (a named producer
    is one stage), the cast back to the case dtype, the selection, the comparison and the use of a mask case
    (tuples between them), and ``-(-r)``: an exact op that reads the result, so that a region after the
    selection's recomputes a reader of it (the boundary where the partitioner saves a region's output)."""
    if case.producer.startswith(CHAIN_PREFIX):
        steps = case.producer[len(CHAIN_PREFIX) :].split("+")
        out: list[Callable] = [lambda v, y, s=s: CHAIN_STEPS[s](v, y) for s in steps]
        out.append(lambda v, y: v.to(case.torch_dtype))
    else:
        out = [lambda v, y: producer_function(case.producer)(v, y)]
    if case.reduction.startswith(MASK_PREFIX):
        selection, comparison, use = case.reduction[len(MASK_PREFIX) :].split(":")
        (select, dims), compare = SELECTIONS[selection], COMPARISONS[comparison]
        out += [
            lambda z, y: (z, select(z)),
            lambda t, y: (t[0], compare(t[0], t[1])),
            lambda t, y: torch.stack((MASK_USES[use](t[0], t[1], dims), t[1].to(t[0].dtype))),
        ]
    else:
        reduction = reduction_function(case.reduction)
        out.append(lambda v, y: reduction(v))
    out.append(lambda r, y: -(-r))
    return out


def checkpoint_regions(case: Case) -> Callable:
    """``(x, y) -> out``: the case's stages (``stages``) cut at random places (from ``case.seed``) into
    consecutive segments, each run in its own non-reentrant ``checkpoint`` region (three in four), sometimes
    two consecutive ones inside an outer region (nested), sometimes under a selective-checkpoint policy that
    saves or recomputes ``amax``/``max``: the region boundaries the partitioner's ``cleanup_recompute_tags``
    acts on.  The layout is drawn here, once, outside what Dynamo traces."""
    import functools
    import random

    from torch.utils.checkpoint import CheckpointPolicy, checkpoint, create_selective_checkpoint_contexts

    aten = torch.ops.aten
    rng = random.Random(case.seed)
    fns = stages(case)
    cuts = set(rng.sample(range(1, len(fns)), k=rng.randint(1, len(fns) - 1)))
    if rng.random() < 0.6:
        # A boundary right after the selection (or, for a mask, after the comparison or its use): the
        # selection, or the mask, is one region's output that the next region reads.
        first_after_selection = len(fns) - (3 if case.reduction.startswith(MASK_PREFIX) else 1)
        cuts.add(rng.randrange(first_after_selection, len(fns)))
    cuts = sorted(cuts)

    def sequence(parts):
        def run(v, y):
            for part in parts:
                v = part(v, y)
            return v

        return run

    def policy(saves):
        def choose(ctx, op, *args, **kwargs):
            if op in (aten.amax.default, aten.max.default, aten.max.dim):
                return CheckpointPolicy.MUST_SAVE if saves else CheckpointPolicy.MUST_RECOMPUTE
            return CheckpointPolicy.PREFER_RECOMPUTE

        return functools.partial(create_selective_checkpoint_contexts, choose)

    def region(fn):
        draw = rng.random()
        kwargs = {"context_fn": policy(saves=draw < 0.125)} if draw < 0.25 else {}

        def run(v, y):
            args = v if isinstance(v, tuple) else (v,)
            return checkpoint(lambda y, *a: fn(a if len(a) > 1 else a[0], y), y, *args, use_reentrant=False, **kwargs)

        return run

    segments = [sequence(fns[a:b]) for a, b in zip([0, *cuts], [*cuts, len(fns)])]
    parts = [region(seg) if rng.random() < 0.75 else seg for seg in segments]
    if len(parts) >= 2 and rng.random() < 0.3:
        i = rng.randrange(len(parts) - 1)
        parts[i : i + 2] = [region(sequence(parts[i : i + 2]))]
    return sequence(parts)


def run_case(case: Case, fn: Callable, shape: tuple[int, ...] | None = None):
    """Run ``fn`` (the case's wrapped function, eager or compiled) on the case's inputs.

    Returns ``(forward output, grad w.r.t. x)``; the gradient is ``None`` for the forward-only
    wrappers.  ``shape`` overrides the case's shape (dynamic-shape re-runs).
    """
    if shape is not None:
        case = case.with_(shape=shape)
    x, y, gen = make_inputs(case)
    if case.wrapper in FORWARD_ONLY_WRAPPERS:
        with torch.inference_mode() if case.wrapper == "inference_mode" else torch.no_grad():
            out = fn(x, y, None)
        return out, None
    if case.wrapper in ("train", "checkpoint", "checkpoint_regions"):
        x = x.detach().requires_grad_(True)
        out = fn(x, y, None)
        w = _weights_like(out, gen)
        (out.float() * w).sum().backward()
        return out.detach(), x.grad
    probe = case.function()(x, y)
    w = _weights_like(probe, gen)
    out, grad = fn(x, y, w)
    return out.detach(), grad.detach()


# ---------------------------------------------------------------------------------------------
# Named case lists.  Tests, the demo and the upstream verification all draw from these.

SEED = Case("atan2", "amin_last", "fp32", (2, 3))

#: Built-in cases of ``python -m torch_patch`` (the main job): the seed and one per mechanism.
DEMO_CASES = (
    SEED,
    Case("atan2", "amin_last", "fp32", (16, 7)),
    Case("mul", "amin_last", "bf16", (8, 64)),
    Case("sin", "max_all", "fp16", (4, 9)),
    Case("atan2", "norm_inf", "fp32", (16, 7)),
    Case("gelu_matmul", "amax_first_keepdim", "bf16", (32, 16)),
    Case("atan2", "amin_last", "fp32", (4, 3), wrapper="func_grad"),
    Case("sin", "scatter_amax", "bf16", (6, 7)),  # graph networks' max aggregation
    Case("sin", "median_all", "bf16", (6, 7)),
    # A user-written tie count against max(dim).values in a forward-only graph (PyTorch #195214).
    Case("mul", "mask:max_dim:eq:count", "bf16", (64, 37), wrapper="no_grad"),
)

#: Cases shared by the package tests and the upstream-patch verification (issue 5).
KEY_CASES = (
    SEED,
    Case("mul", "amin_last", "bf16", (4, 3)),
    Case("atan2", "norm_inf", "fp32", (16, 7)),
    Case("atan2", "amin_last", "fp32", (4, 3), wrapper="func_grad"),
)

#: Producers rotated through the matrix (identity is a separate zero-impact control).
MATRIX_PRODUCERS = ("atan2", "sin", "erf", "exp", "mul", "tanh_chain", "gelu_matmul")
#: Reduction sizes: < 8 takes Inductor's unrolled scalar path, >= 8 the vectorized one (+ tail).
MATRIX_SIZES_SMALL = (3, 7)
MATRIX_SIZES_LARGE = (16, 37)


def _matrix_shape(reduction: str, producer: str, size: int, index: int) -> tuple[int, ...]:
    if producer.endswith("matmul"):
        return (size, 6)  # x @ y.mT is (size, size): the reduced dims have `size` elements
    if reduction == "amax_first_keepdim":
        return (size, 5)  # reduces dim 0
    return (2, 3, size) if index % 3 == 0 else (4, size)


def matrix_cases() -> list[Case]:
    """Every reduction x every dtype, each at one small (unrolled) and one large (vectorized)
    reduction size, with producers rotated so that each producer meets every reduction and dtype.
    keepdim True/False, tuple dims and no-dim variants are part of ``MATRIX_REDUCTIONS``.
    """
    cases = []
    index = 0
    for r_i, reduction in enumerate(MATRIX_REDUCTIONS):
        for d_i, dtype in enumerate(DTYPES):
            for sizes in (MATRIX_SIZES_SMALL, MATRIX_SIZES_LARGE):
                producer = MATRIX_PRODUCERS[(r_i + d_i + index) % len(MATRIX_PRODUCERS)]
                size = sizes[(r_i + d_i) % len(sizes)]
                shape = _matrix_shape(reduction, producer, size, index)
                cases.append(Case(producer, reduction, dtype, shape, seed=index))
                index += 1
    return cases
