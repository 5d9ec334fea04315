"""Which reductions stay loops below ``unroll_reductions_threshold`` (``loop_marks.stays_loop``), read from the graph.

Why from the graph: Inductor's FX graph cache keys a graph by its code (``FxGraphCachePickler`` pickles
``GraphModule.__reduce__()``, which leaves out the ``Graph`` and so every ``node.meta``).  A lowering decision read
from a mark in ``node.meta`` could be served from the cache for a graph that decides otherwise; one read from the
ops (and the dtypes the inputs' metadata fixes) cannot.  Here: the rule keeps the fix's reductions and counts, and
nothing else; and it holds on the graph's code alone, meta other than the values' dtypes stripped.
"""

from __future__ import annotations

import torch
from torch.fx.experimental.proxy_tensor import make_fx

import torch_patch  # noqa: F401 - registers torch_patch::materialize
from torch_patch.graph.loop_marks import stays_loop
from torch_patch.graph.materialize import materialize_overload

aten = torch.ops.aten


def _graph(fn, *shapes):
    gm = make_fx(fn, tracing_mode="fake")(*(torch.empty(s) for s in shapes))
    return {n.name: n for n in gm.graph.nodes}, gm


def _site(x, g):
    m = materialize_overload()(torch.sin(x))
    r = m.amin(-1, keepdim=True)
    mask = m == r
    count = mask.sum(-1, keepdim=True)
    weighted = torch.where(mask, g, 0.0).sum(-1)  # not a count: its sum depends on the order
    plain = torch.sin(x).amax(-1)  # no copy: stock's unrolling
    view_min = m.view(4, 2, 3).amin(1)  # a chunk of a copy
    return r, count, weighted, plain, view_min.amin(0)


def _which(nodes):
    return {name for name, node in nodes.items() if stays_loop(node)}


def test_the_fix_reductions_and_counts_stay_loops_and_nothing_else():
    nodes, _ = _graph(_site, (8, 3), (8, 3))
    by_target = {}
    for name, node in nodes.items():
        by_target.setdefault(node.target, []).append(name)
    amins = by_target[aten.amin.default]
    sums = by_target[aten.sum.dim_IntList]
    (amax,) = by_target[aten.amax.default]
    assert _which(nodes) == {*amins, sums[0]}  # the copy's min, its chunks and their min, the tie count
    assert amax not in _which(nodes) and sums[1] not in _which(nodes)


def test_the_rule_reads_the_code_not_node_meta():
    nodes, gm = _graph(_site, (8, 3), (8, 3))
    expected = _which(nodes)
    for node in gm.graph.nodes:  # keep only what the cache key fixes: the ops and, through the inputs, the dtypes
        val = node.meta.get("val")
        node.meta.clear()
        if val is not None:
            node.meta["val"] = val
    assert _which(nodes) == expected
