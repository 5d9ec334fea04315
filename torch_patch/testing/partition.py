"""What the partitioner made of a rewritten graph: each comparison, and where its two operands come from.

The fix's invariant is structural: a comparison of ``X`` with values selected from ``X`` must read one
computation of ``X`` on both sides.  After partitioning, a comparison sits in the forward, the backward,
or an inference graph, and its operands are either computed there or loaded from what the forward
saved.  ``comparison_sources`` classifies each one from the FX graph Inductor lowers (after its
post-grad passes; a ``materialize`` node is one stored buffer, see ``torch_patch.graph.materialize``):

- ``"same"``: the selection reduces the very node the comparison reads (``eq(M, view(red(M)))``), and
  that node is one buffer (a ``materialize`` or a saved value), whichever graph this is;
- ``"inlined"``: the same FX node on both sides, but one Inductor inlines into each reader (a pointwise
  ``X``): two computations in the generated code (stock compile's forward-only tie counts, #195214);
- ``"saved"``: both operands are loaded from the forward's saved values (``policy="save"``: ``M`` and
  ``R`` saved, ``R = red(M)`` in the forward);
- ``"split"``: anything else, e.g. a recomputed ``X'`` against a saved ``R`` -- the bug's structure
  (stock compile's backward of #186799).

``capture_graphs`` records this for every graph a call compiles (caches off, so nothing is skipped).
"""

from __future__ import annotations

import contextlib
import operator
from dataclasses import dataclass

import torch
import torch.fx

from torch_patch.graph.materialize import materialize_overload
from torch_patch.graph.ops import (
    COMPARISON_OPS,
    COPIES,
    RESULT_READS,
    SELECTED_VALUES_OPS,
    VALUE_SELECTING_OPS,
    is_exact_from_inputs,
    through,
)


@dataclass(frozen=True)
class ComparisonSource:
    graph: str  # "forward", "backward" or "inference"
    comparison: str  # the comparison node's name
    kind: str  # "same", "saved" or "split"
    detail: str


def _selection_of(value: object) -> torch.fx.Node | None:
    """The value-selecting op whose result ``value`` reads (through views and index reads), if any."""
    value = through(value, RESULT_READS)
    if not isinstance(value, torch.fx.Node):
        return None
    if value.target is operator.getitem and isinstance(value.args[0], torch.fx.Node):
        parent = value.args[0]
        if parent.target in SELECTED_VALUES_OPS and value.args[1] == 0:
            return parent
    if value.target in VALUE_SELECTING_OPS:
        return value
    return None


def _stored(node: torch.fx.Node) -> bool:
    """A value every load reads exactly: a graph input (a saved value), a ``materialize`` (one buffer),
    or what is computed exactly from inputs (a constant fill such as a scatter's zeros, views of an input)."""
    return node.op == "placeholder" or node.target is materialize_overload() or is_exact_from_inputs(node)


def _describe(node: object) -> str:
    if not isinstance(node, torch.fx.Node):
        return repr(node)
    return f"{node.name} ({node.op if node.op != 'call_function' else node.target})"


def comparison_sources(graph: torch.fx.Graph, kind: str) -> list[ComparisonSource]:
    """One ``ComparisonSource`` per comparison in ``graph`` that reads a selection computed here, or a
    value loaded from the forward's saved values (possibly through views and copies)."""
    found = []
    for node in graph.nodes:
        if node.op != "call_function" or node.target not in COMPARISON_OPS:
            continue
        operands = [a for a in node.args[:2] if isinstance(a, torch.fx.Node)]
        if len(operands) != 2:
            continue
        bases = [through(through(a, RESULT_READS), COPIES) for a in operands]
        selections = [_selection_of(a) for a in operands]
        source = None
        for idx in (0, 1):
            selection, compared = selections[1 - idx], bases[idx]
            if selection is not None:
                inputs = [through(selection.args[p], COPIES) for p in (0, 3) if p < len(selection.args)]
                if compared in inputs and _stored(compared):
                    source = ("same", f"{_describe(compared)} and its selection {_describe(selection)}")
                elif compared in inputs:
                    source = ("inlined", f"{_describe(compared)} is not stored: Inductor inlines it into each reader")
                else:
                    source = ("split", f"{_describe(compared)} against {_describe(selection)} of another value")
                break
        if source is None:
            saved = [b.op == "placeholder" for b in bases]
            if all(saved):
                source = ("saved", f"saved {bases[0].name} and saved {bases[1].name}")
            elif any(saved):
                computed, loaded = (bases[1], bases[0]) if saved[0] else (bases[0], bases[1])
                source = ("split", f"{_describe(computed)} computed here against saved {loaded.name}")
        if source is not None:
            found.append(ComparisonSource(kind, node.name, *source))
    return found


def _graph_kind(graph: torch.fx.Graph) -> str:
    """``backward`` for a graph with tangent inputs (AOTAutograd's names), else ``forward`` (a
    training forward or a forward-only graph)."""
    if any(n.op == "placeholder" and "tangents" in str(n.target) for n in graph.nodes):
        return "backward"
    return "forward"


@contextlib.contextmanager
def capture_graphs():
    """Record the ``comparison_sources`` of every graph compiled inside the block.

    Yields a list of ``(kind, [ComparisonSource, ...], graph text)``; uses Inductor's
    ``post_grad_custom_post_pass`` (the user's value is restored afterwards) with caches disabled, so
    that every graph is compiled, and recorded, in the block.
    """
    from torch._inductor import config
    from torch._inductor.custom_graph_pass import CustomGraphPass

    records: list[tuple[str, list[ComparisonSource], str]] = []

    class Recorder(CustomGraphPass):
        def __call__(self, graph: torch.fx.Graph) -> None:
            kind = _graph_kind(graph)
            records.append((kind, comparison_sources(graph, kind), str(graph)))

        def uuid(self):
            return None

    with config.patch(post_grad_custom_post_pass=Recorder(), force_disable_caches=True):
        yield records
