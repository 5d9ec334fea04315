"""An undo log for one site's rewrite of an FX graph: a rewrite that fails leaves the graph node for node as it was.

Why: the pass never fails a compile; a site whose rewrite raises is compiled as stock, with a warning.  That
promise needs the graph to *be* stock's afterwards, but a rewrite mutates in several steps (a new ``M``,
rerouted readers, tags, packed masks, chunked sweeps, narrowed counts), and a failure in the middle left the
steps before it in place: neither the fix nor stock.

What is logged, while the ``with`` block runs, for nodes of this graph only:
- nodes created (``Graph.create_node``, through which every FX insertion goes), erased on rollback in reverse
  order; a node of the original graph the rewrite erases stays, unused, for the pass's dead-code elimination;
- the first ``args``/``kwargs`` of every node whose inputs change (``Node._update_args_kwargs`` and
  ``Node._replace_input_with``, the two methods every input change goes through), restored on rollback;
- the ``meta`` of the site's nodes and of their readers within a few steps (what the rewrite tags: the
  selection and its chain, the comparisons, the counts they feed), restored on rollback.
So the work is proportional to the site, not to the graph.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

import torch.fx

#: How far from the site's nodes, in readers, the rewrite may change a node's ``meta`` (``reduction_loops.mark``
#: follows a comparison through up to 3 elementwise ops to the count it feeds).
META_RADIUS = 4

_lock = threading.RLock()
_active: list[GraphUndo] = []
_originals: dict[str, object] = {}
_INPUT_CHANGES = ("_update_args_kwargs", "_replace_input_with")


class GraphUndo:
    """``with GraphUndo(graph, site_nodes) as undo: <rewrite>``; ``undo.rollback()`` after a failure."""

    def __init__(self, graph: torch.fx.Graph, site_nodes: Iterable[torch.fx.Node]) -> None:
        self.graph = graph
        self.created: list[torch.fx.Node] = []
        #: Nodes of the original graph the rewrite erased: left in place, unused, for the pass's dead-code
        #: elimination after every site (a rollback then has nothing to re-insert).
        self.deferred: list[torch.fx.Node] = []
        self.inputs: dict[torch.fx.Node, tuple] = {}
        self.meta = {node: dict(node.meta) for node in _neighborhood(site_nodes, META_RADIUS)}

    def __enter__(self) -> GraphUndo:
        with _lock:
            if not _active:
                _hook_node_methods()
            _active.append(self)
        graph, create, erase = self.graph, self.graph.create_node, self.graph.erase_node

        def create_node(*args, **kwargs):
            node = create(*args, **kwargs)
            self.created.append(node)
            return node

        def erase_node(node):
            if node in self.created:
                return erase(node)
            self.deferred.append(node)  # an original node: left for dead-code elimination
            return None

        graph.create_node, graph.erase_node = create_node, erase_node
        return self

    def __exit__(self, *exc) -> None:
        self.graph.__dict__.pop("create_node", None)
        self.graph.__dict__.pop("erase_node", None)
        with _lock:
            _active.remove(self)
            if not _active:
                _unhook_node_methods()


    def _record(self, node: torch.fx.Node) -> None:
        # A node being constructed sets its first inputs through the same method: it is a created node.
        if node.graph is self.graph and node not in self.inputs and hasattr(node, "_args"):
            self.inputs[node] = (node.args, node.kwargs)
            self.meta.setdefault(node, dict(node.meta))

    def rollback(self) -> None:
        """Put every logged node back as it was and erase the nodes the rewrite created."""
        update = _originals.get("_update_args_kwargs") or torch.fx.Node._update_args_kwargs
        for node, (args, kwargs) in reversed(list(self.inputs.items())):
            update(node, args, kwargs)
        for node in reversed(self.created):
            if getattr(node, "_erased", False):
                # Erased by the rewrite, possibly interrupted before it let go of its inputs.
                update(node, (), {})
            else:
                self.graph.erase_node(node)
        for node, meta in self.meta.items():
            node.meta.clear()
            node.meta.update(meta)
        # Node.__setattr__ takes a node out of the graph's lookup table while it sets an attribute and puts it
        # back after: a failure inside that (an input change that raised) left it out.
        table = getattr(self.graph, "_find_nodes_lookup_table", None)
        if table is not None:
            for node in self.inputs:
                if not getattr(node, "_erased", False) and node not in table:
                    table.insert(node)


def _neighborhood(nodes: Iterable[torch.fx.Node], radius: int) -> set[torch.fx.Node]:
    found = set(nodes)
    frontier = list(found)
    for _ in range(radius):
        frontier = [user for node in frontier for user in node.users if user not in found]
        found.update(frontier)
    return found


def _hook_node_methods() -> None:
    for name in _INPUT_CHANGES:
        original = getattr(torch.fx.Node, name, None)
        if original is None:
            continue
        _originals[name] = original

        def logged(node, *args, _original=original, **kwargs):
            for undo in _active:
                undo._record(node)
            return _original(node, *args, **kwargs)

        setattr(torch.fx.Node, name, logged)


def _unhook_node_methods() -> None:
    for name, original in _originals.items():
        if name in torch.fx.Node.__dict__:
            delattr(torch.fx.Node, name)
        if getattr(torch.fx.Node, name, None) is not original:
            setattr(torch.fx.Node, name, original)
    _originals.clear()
