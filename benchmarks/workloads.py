"""Benchmark workloads: each returns (function of x, inputs, description of the shape).

Every function takes a tensor ``x`` that requires grad plus constants, and returns a scalar-reducible
output whose backward goes through an equality-mask reduction.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Callable

import torch
import torch.nn.functional as F


@dataclass(frozen=True)
class Workload:
    name: str
    shape: str
    dtype: torch.dtype
    fn: Callable
    make_inputs: Callable[[], tuple[torch.Tensor, ...]]  # first one gets requires_grad

    @property
    def numel(self) -> int:
        return self.make_inputs()[0].numel()


def _randn(*shape, dtype, seed):
    gen = torch.Generator().manual_seed(seed)
    return torch.randn(*shape, generator=gen).to(dtype)


def seed_pattern(rows: int, size: int, dtype) -> Workload:
    return Workload(
        "atan2_amin",
        f"{rows}x{size}",
        dtype,
        lambda x, y: torch.atan2(x, y).amin(-1),
        lambda: (_randn(rows, size, dtype=dtype, seed=0), _randn(rows, size, dtype=dtype, seed=1)),
    )


def pointnet_maxpool(batch: int, points: int, c_in: int, c_out: int, dtype) -> Workload:
    return Workload(
        "pointnet_maxpool",
        f"{batch}x{points}x{c_in}->{c_out}",
        dtype,
        lambda x, w: F.gelu(x @ w).amax(dim=1),
        lambda: (_randn(batch, points, c_in, dtype=dtype, seed=0), _randn(c_in, c_out, dtype=dtype, seed=1) / math.sqrt(c_in)),
    )


def _chamfer(a, b):
    d = (a.unsqueeze(2) - b.unsqueeze(1)).pow(2).sum(-1)  # (B, N, M) squared distances
    return d.amin(dim=2).mean(-1) + d.amin(dim=1).mean(-1)


def chamfer(batch: int, n: int, m: int, dtype) -> Workload:
    return Workload(
        "chamfer",
        f"{batch}x{n}x{m}",
        dtype,
        _chamfer,
        lambda: (_randn(batch, n, 3, dtype=dtype, seed=0), _randn(batch, m, 3, dtype=dtype, seed=1)),
    )


def inf_norm(rows: int, size: int, dtype) -> Workload:
    return Workload(
        "inf_norm",
        f"{rows}x{size}",
        dtype,
        lambda x, y: torch.linalg.vector_norm(torch.sin(x) * y, ord=math.inf, dim=-1),
        lambda: (_randn(rows, size, dtype=dtype, seed=0), _randn(rows, size, dtype=dtype, seed=1)),
    )


def full_max(rows: int, size: int, dtype) -> Workload:
    return Workload(
        "max_nodim",
        f"{rows}x{size}",
        dtype,
        lambda x, y: torch.exp(x * y).max(),
        lambda: (_randn(rows, size, dtype=dtype, seed=0), _randn(rows, size, dtype=dtype, seed=1)),
    )


def _gnn_layer(x, src, dst, weight, bias, ln_weight, ln_bias):
    """One message-passing layer with max aggregation, as graph-network libraries implement
    ``aggr="max"``: an MLP on ``x[src] - x[dst]`` per edge, then ``scatter_reduce(..., "amax",
    include_self=False)`` into the destination nodes (nodes without in-edges keep 0)."""
    msg = F.gelu(F.layer_norm(F.linear(x[src] - x[dst], weight, bias), (weight.shape[0],), ln_weight, ln_bias))
    out = x.new_zeros(x.shape[0], weight.shape[0])
    return out.scatter_reduce(0, dst.unsqueeze(1).expand_as(msg), msg, "amax", include_self=False)


def gnn_max_aggregation(nodes: int, edges: int, features: int, dtype) -> Workload:
    def make_inputs():
        gen = torch.Generator().manual_seed(2)
        src = torch.randint(0, nodes, (edges,), generator=gen)
        dst = torch.randint(0, nodes, (edges,), generator=gen)
        return (
            _randn(nodes, features, dtype=dtype, seed=0),
            src,
            dst,
            _randn(features, features, dtype=dtype, seed=1) / math.sqrt(features),
            _randn(features, dtype=dtype, seed=3) * 0.1,
            torch.ones(features, dtype=dtype),
            torch.zeros(features, dtype=dtype),
        )

    return Workload("gnn_max_aggr", f"{nodes}n {edges}e x{features}", dtype, _gnn_layer, make_inputs)


def _top2_router(x, w):
    """A mixture-of-experts router: the gates of each token's two most probable experts.  The mask
    compares the probabilities with their own second-largest value (a user-written mask against
    ``topk`` values, outside the autograd family)."""
    probs = torch.softmax(x @ w, dim=-1)
    return probs * (probs >= probs.topk(2, dim=-1).values[..., -1:])


def top2_router(tokens: int, d_model: int, experts: int, dtype) -> Workload:
    return Workload(
        "router_top2",
        f"{tokens}x{d_model}->{experts}",
        dtype,
        _top2_router,
        lambda: (_randn(tokens, d_model, dtype=dtype, seed=0), _randn(d_model, experts, dtype=dtype, seed=1) / math.sqrt(d_model)),
    )


def _tie_count_hardmax(x, s, v):
    """PyTorch #195214's pattern: a hard max whose one-hot is split over tied maxima (``hit / count``),
    with a softmax straight-through gradient, weighting values ``v``.  A tie count of 0 makes it inf."""
    scaled = x / s
    hit = scaled == scaled.amax(dim=-1, keepdim=True)
    hard = hit.to(scaled.dtype) / hit.sum(dim=-1, keepdim=True)
    soft = torch.softmax(scaled, dim=-1)
    return (hard + soft - soft.detach()) * v


def tie_count_hardmax(rows: int, size: int, dtype) -> Workload:
    return Workload(
        "tie_count_hardmax",
        f"{rows}x{size}",
        dtype,
        _tie_count_hardmax,
        lambda: (_randn(rows, size, dtype=dtype, seed=0), torch.tensor(3.0, dtype=dtype), _randn(size, dtype=dtype, seed=1)),
    )


def workloads(quick: bool) -> list[Workload]:
    dtypes = (torch.float32, torch.bfloat16)
    out = []
    if quick:
        seed_shapes = ((333, 3), (16384, 64))
    else:
        # reduction sizes 3, 7, 64, 4096 at ~1e3 and ~4e6 elements (and ~2.6e5 for 7 and 64)
        seed_shapes = ((333, 3), (1398101, 3), (143, 7), (37449, 7), (599186, 7), (16, 64), (4096, 64),
                       (65536, 64), (1, 4096), (1024, 4096))
    for dtype in dtypes:
        out += [seed_pattern(r, s, dtype) for r, s in seed_shapes]
        out.append(pointnet_maxpool(8, 1024, 64, 128, dtype) if not quick else pointnet_maxpool(4, 512, 32, 64, dtype))
        # Point-cloud Chamfer loss at a size users train with: stock keeps only the points (the N x M
        # distance matrix is recomputed), and so must the fix.
        out.append(chamfer(2, 4096, 4096, dtype) if not quick else chamfer(4, 256, 256, dtype))
        out.append(gnn_max_aggregation(50_000, 400_000, 32, dtype) if not quick else gnn_max_aggregation(2000, 16_000, 16, dtype))
        out.append(top2_router(16384, 256, 64, dtype) if not quick else top2_router(2048, 64, 64, dtype))
        out.append(tie_count_hardmax(4096, 1024, dtype) if not quick else tie_count_hardmax(512, 256, dtype))
        if not quick:
            out.append(inf_norm(4096, 1024, dtype))
            out.append(full_max(4096, 1024, dtype))
    if not quick:
        out.append(seed_pattern(37449, 7, torch.float16))
    return out
