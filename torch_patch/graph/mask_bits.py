"""Save a scatter/index reduction's equality mask as bits, so the backward repeats no scatter.

Why: under the default ``"recompute"`` policy the backward recomputes ``M' = materialize(X')`` and
``R' = red(M')`` and compares them.  For ``amax``/``amin`` Inductor fuses that into the gradient kernel
(a per-row local buffer), but ``scatter_reduce``/``index_reduce`` are fallback kernels: recomputing
``R'`` runs the whole scatter again, over a fresh edge-sized copy ``M'``.  On a graph network's max
aggregation (400k edges x 32 features) that cost 8% of a training step and an edge-sized buffer at the
backward's peak.  Their forward stores ``M`` anyway (a fallback reads a buffer), so the mask
``eq(M, gather(R))`` can be computed there, exactly, from the very values the scatter reduced, and
kept for the backward packed 8 to a byte: 1/32 of ``M``'s bytes in fp32 (1/16 in bf16), where saving
the bool mask would cost 1/4 and saving ``M`` all of it.  ``R`` then stays whatever stock's partitioner
makes of it (it is compared only with exact values: a constant ``self`` or none).

Only static shapes and only plans whose comparisons are all the op's own autograd masks are packed:
a user's comparison with ``R`` needs ``R`` and ``M`` of one computation in the backward, which the
recompute policy guarantees; a symbolic size would need symbolic padding.  Everything here is plain
ATen (view, pad, slices, shifts, adds), which every backend lowers; eager runs it unchanged.
"""

from __future__ import annotations

import math

import torch
import torch.fx
from torch.utils import _pytree as pytree

from torch_patch import compat

aten = torch.ops.aten
prims = torch.ops.prims

#: Bits per packed byte.
BITS = 8


def packable(mask: torch.fx.Node) -> bool:
    """A bool mask of static shape (its packed size is known when the graph is built)."""
    val = mask.meta.get("val")
    return (
        isinstance(val, torch.Tensor)
        and val.dtype == torch.bool
        and all(isinstance(d, int) for d in val.shape)
        and val.numel() > 0
    )


def _fake_mode(graph: torch.fx.Graph):
    from torch._guards import detect_fake_mode

    vals = [n.meta["val"] for n in graph.nodes if isinstance(n.meta.get("val"), torch.Tensor)]
    return detect_fake_mode(vals)


class _Builder:
    """Inserts ATen calls before ``anchor``, with ``meta["val"]`` computed under the graph's fake mode."""

    def __init__(self, graph: torch.fx.Graph, anchor: torch.fx.Node) -> None:
        self.graph, self.anchor = graph, anchor
        self.fake_mode = _fake_mode(graph)
        self.nodes: list[torch.fx.Node] = []

    def __call__(self, target, *args, **kwargs) -> torch.fx.Node:
        with self.graph.inserting_before(self.anchor):
            node = self.graph.call_function(target, args, kwargs)
        fake_args, fake_kwargs = pytree.tree_map_only(torch.fx.Node, lambda n: n.meta["val"], (args, kwargs))
        if self.fake_mode is None:
            raise RuntimeError("no fake mode found on the graph's values")
        with self.fake_mode:
            node.meta["val"] = target(*fake_args, **fake_kwargs)
        self.nodes.append(node)
        return node


def pack(graph: torch.fx.Graph, mask: torch.fx.Node) -> tuple[torch.fx.Node, list[torch.fx.Node]]:
    """Insert ``packed = pack(mask)`` right after ``mask``: uint8, ``m = ceil(numel / 8)`` bytes; bit ``k`` of
    byte ``j`` is element ``k * m + j`` of the flattened mask (padded with False).  Returns the packed node
    and the nodes inserted.

    Why this layout: byte ``j`` is a sum of eight shifted slices, each contiguous in ``j``, so the packing
    is one pointwise loop that Inductor vectorizes along the bytes.  Grouping eight neighbours instead
    (bit ``k`` of byte ``j`` = element ``8j + k``) made it a reduction of 8 per byte: the C++ backend ran
    a masked 8-lane load, an int64 accumulation and a horizontal sum per byte, through an int64 buffer of
    one word per byte (graph-network layer, 400k edges x 32, fp32: the step read 1.11-1.19x stock's).
    The arithmetic is int32 shifts by constants and adds: torch 2.13's C++ backend miscompiles a sum of
    shifted *uint8* values (every byte came out 24 too high), and ``pow(2, k)`` is not lowered."""
    shape = tuple(mask.meta["val"].shape)
    numel = math.prod(shape)
    build = _Builder(graph, mask.next)
    flat = build(aten.view.default, mask, [numel])
    pad = (-numel) % BITS
    if pad:
        flat = build(aten.constant_pad_nd.default, flat, [0, pad], 0.0)
    m = (numel + pad) // BITS
    packed_ints = None
    for k in range(BITS):
        part = build(aten.slice.Tensor, flat, 0, k * m, (k + 1) * m)
        part = build(prims.convert_element_type.default, part, torch.int32)
        if k:
            part = build(aten.bitwise_left_shift.Tensor_Scalar, part, k)
        packed_ints = part if packed_ints is None else build(aten.add.Tensor, packed_ints, part)
    packed = build(prims.convert_element_type.default, packed_ints, torch.uint8)
    return packed, build.nodes


def unpack(graph: torch.fx.Graph, packed: torch.fx.Node, like: torch.fx.Node, before: torch.fx.Node) -> tuple[torch.fx.Node, list[torch.fx.Node]]:
    """Insert ``mask = unpack(packed)`` (the shape and device of ``like``) before ``before``: element
    ``k * m + j`` is bit ``k`` of byte ``j`` (``pack``)."""
    shape = list(like.meta["val"].shape)
    numel = math.prod(shape)
    device = like.meta["val"].device
    m = packed.meta["val"].shape[0]
    build = _Builder(graph, before)
    as_ints = build(prims.convert_element_type.default, packed, torch.int32)
    row = build(aten.unsqueeze.default, as_ints, 0)
    # [0, 1, ..., 7] as an int32 column, from prims.iota (what arange is when Inductor lowers a graph).
    positions = build(prims.iota.default, BITS, start=0, step=1, dtype=torch.int32, device=device, requires_grad=False)
    column = build(aten.unsqueeze.default, positions, 1)
    shifted = build(aten.bitwise_right_shift.Tensor, row, column)
    bits = build(aten.bitwise_and.Scalar, shifted, 1)
    flags = build(aten.ne.Scalar, bits, 0)
    flat = build(aten.view.default, flags, [m * BITS])
    if m * BITS != numel:
        flat = build(aten.slice.Tensor, flat, 0, 0, numel)
    mask = build(aten.view.default, flat, shape)
    return mask, build.nodes


def save_as_bits(graph: torch.fx.Graph, masks: list[torch.fx.Node], position=None) -> torch.fx.Node:
    """Have the backward read ``masks`` (nodes computing one same mask) from a packed copy computed in
    the forward: every user of each reads ``unpack(pack(masks[0]))``; ``pack`` is ``MUST_SAVE`` and the
    unpacking ``MUST_RECOMPUTE`` (it runs in the backward, where the mask is read).  Returns the
    unpacked node.  ``position`` orders nodes (``NodeOrder``; one per graph keeps the pass linear)."""
    from torch.utils.checkpoint import CheckpointPolicy

    mask = masks[0]
    users = [u for m in masks for u in m.users]
    packed, packing = pack(graph, mask)
    first_user = min(users, key=position or NodeOrder(graph)) if users else packed.next
    unpacked, unpacking = unpack(graph, packed, mask, first_user)
    for m in masks:
        for user in list(m.users):
            if user not in packing:
                user.replace_input_with(m, unpacked)
        m.meta.pop("recompute", None)
    packed.meta["recompute"] = CheckpointPolicy.MUST_SAVE
    for node in unpacking:
        node.meta["recompute"] = CheckpointPolicy.MUST_RECOMPUTE
    region = mask.meta.get("ac_graph_id", compat.default_ac_graph_id())
    if region is not None:
        for node in [*packing, *unpacking]:
            node.meta.setdefault("ac_graph_id", region)
    return unpacked


class NodeOrder:
    """A node's position in ``graph`` (called as a sort key), from one numbering of the graph, renumbered
    only when asked for a node inserted since."""

    def __init__(self, graph: torch.fx.Graph) -> None:
        self.graph = graph
        self.order: dict[torch.fx.Node, int] = {}

    def __call__(self, node: torch.fx.Node) -> int:
        if node not in self.order:
            self.order = {n: i for i, n in enumerate(self.graph.nodes)}
        return self.order[node]
