"""The upstream pass module as each PR of the stack leaves it (``upstream/stack/``).

The whole module is derived from the package (``make_patch.upstream_pass_module``).  A PR of the stack adds one
concern to it; the state before that PR is the whole module with the concerns of that PR and of every later one
taken out again (``FEATURES``, latest first).  Each cut is a text edit that fails loudly when the package's source
no longer has the text it expects, so a state cannot silently drift from the package: the test of each prefix
(``test/test_upstream_patch.py``) runs the tests of its PRs on it, and each PR's tests fail on the state before it.
"""

from __future__ import annotations

import re


def replace(text: str, old: str, new: str, count: int = 1) -> str:
    """``text`` with ``old`` replaced (``count=-1``: every occurrence); exits if ``old`` is missing."""
    if old not in text:
        raise SystemExit(f"make_patch: expected text not found (the source changed?):\n{old[:200]}")
    return text.replace(old, new, count)


def cut(text: str, start: str, end: str) -> str:
    """``text`` without the part from ``start`` (included) to ``end`` (kept); exits if either is missing."""
    begin = text.find(start)
    stop = text.find(end, begin + len(start)) if begin >= 0 else -1
    if begin < 0 or stop < 0:
        raise SystemExit(f"make_patch: expected block not found (the source changed?):\n{start[:120]} ... {end[:120]}")
    return text[:begin] + text[stop:]


#: Module-level imports and names that a state may no longer use (dropped where unused).
_OPTIONAL_LINES = (
    ("import collections\n", "collections."),
    ("import math\n", "math."),
    ("from torch.utils import _pytree as pytree\n", "pytree."),
    ("prims = torch.ops.prims\n\n", "prims."),
)


def drop_unused(text: str) -> str:
    for line, use in _OPTIONAL_LINES:
        if line in text and use not in text.replace(line, ""):
            text = text.replace(line, "")
    return re.sub(r"\n{4,}", "\n\n\n", text)


def without_chunked_sweeps(text: str) -> str:
    """PR 7 out: an outer-dim sweep is reduced whole."""
    text = replace(text, "    chunk, swept = sweep_chunk(selection), _swept_dim(selection)\n    if chunk:\n        split_sweep(selection, chunk)\n", "")
    text = replace(
        text,
        "                count = narrow_count(user) or user\n                if chunk and _swept_dim(count) == swept:\n                    split_sweep(count, chunk)\n",
        "                narrow_count(user)\n",
    )
    text = replace(
        text,
        "    \"\"\"Count the ties of ``comparisons`` in float32 (``narrow_count``) and reduce a long outer-dim sweep of\n"
        "    ``selection`` and of its counts in chunks (``split_sweep``); the counts are found within a few elementwise\n"
        "    steps of the comparisons.\"\"\"",
        "    \"\"\"Count the ties of ``comparisons`` in float32 (``narrow_count``); the counts are found within a few\n"
        "    elementwise steps of the comparisons.\"\"\"",
    )
    return cut(text, "#: A sweep over a dim whose consecutive elements", "def narrow_count(")


def without_narrow_counts(text: str) -> str:
    """PR 6 out: a tie count stays the int64 sum autograd's formula builds."""
    text = replace(text, "        rewrite_counts_and_sweeps(plan.reduction, [cmp for cmp, _ in plan.mask_operands])\n", "")
    text = cut(text, "#: A count of at most this many booleans per row", "#: Reductions whose value is independent")
    return cut(text, "def rewrite_counts_and_sweeps(", "#: Bits per packed byte.")


def without_loop_marks(text: str) -> str:
    """PR 5 out: no reduction is kept a loop below ``unroll_reductions_threshold`` (no ``reduction_stays_loop``)."""
    text = replace(
        text,
        "  The backward stores ``M'`` once; reductions that read it stay loops even below\n"
        "``unroll_reductions_threshold`` (``reduction_stays_loop``), so the C++ backend keeps ``M'`` in a per-row\n"
        "local buffer and the mask, the tie count and the gradient are one pass.",
        "",
    )
    return cut(text, "#: Reductions whose value is independent", "#: Bits per packed byte.")


def without_mask_bits(text: str) -> str:
    """PR 4 out: a scatter's masks are recomputed in the backward like every other site's."""
    text = replace(
        text,
        "  ``scatter_reduce``/\n``index_reduce`` are fallback kernels whose forward stores ``M`` anyway: there the mask is computed in\n"
        "the forward and saved packed to bits (``save_as_bits``, 1/32 of ``M`` in fp32), so the backward repeats\nno scatter.",
        "",
    )
    text = cut(text, "#: What ``\"recompute\"`` applies at a ``scatter_reduce``/``index_reduce`` site", "#: What ``\"recompute\"`` applies at a site whose")
    text = cut(text, "def packs_masks(", "def tag_site(")
    text = cut(text, "    if policy == POLICY_BITS and not user_saves_selection:\n", "    elif policy == POLICY_MASKS")
    text = replace(text, "    elif policy == POLICY_MASKS", "    if policy == POLICY_MASKS")
    text = cut(text, "def _has_materialized(", "def _materialized(")
    text = cut(text, "def _save_masks_as_bits(", "@dataclass\nclass GraphFacts")
    text = replace(text, "    #: Node positions, numbered once (``NodeOrder``).\n    position: object = None\n", "")
    text = replace(text, ", NodeOrder(graph))", ")")
    text = replace(
        text,
        "the\n    masks of a scatter kept as bits, the masks against a selection stock never recomputes kept as\n    bools, or ``M`` saved.  ``facts`` (``graph_facts(graph)``, computed here if None) is passed by a caller\n",
        "the\n    masks against a selection stock never recomputes kept as bools, or ``M`` saved.  ``facts``\n"
        "    (``graph_facts(graph)``, computed here if None) is passed by a caller\n",
    )
    text = cut(text, "        # Below budget 1 the partitioner may recompute the whole forward", "        # A selection stock never recomputes")
    text = replace(
        text,
        "        if bits:\n"
        "            # Only the selection and its masks read the copy, which stays in the forward (see tag_site):\n"
        "            # the other readers of X need no exact copy and keep stock's choice for X.\n"
        "            plan.reduction.update_arg(plan.position, m)\n"
        "        else:\n",
        "",
    )
    text = re.sub(r"\n            (# Every reader of X reads the stored copy.*?\n)            (plan\.reduced\.replace_all_uses_with)",
                  lambda m: "\n        " + m.group(1).replace("\n            #", "\n        #") + "        " + m.group(2), text, count=1, flags=re.S)
    text = replace(text, "POLICY_BITS if bits else POLICY_MASKS", "POLICY_MASKS")
    text = replace(text, "(``POLICY_MASKS``, ``POLICY_BITS``)", "(``POLICY_MASKS``)")
    text = replace(text, "        if plan.policy == POLICY_BITS:\n            _save_masks_as_bits(graph, plan, facts.position)\n", "")
    return text[: text.index("#: Bits per packed byte.")].rstrip() + "\n"


#: PR 2's ``tag_site``: every rewritten site is recomputed (the branches that keep masks from the forward come
#: with PR 3, user-written masks against ``topk``, and PR 4, a scatter's masks as bits).
_RECOMPUTED_SITE = '''def tag_site(plan: ReductionRewrite, m: torch.fx.Node) -> str:
    """Tag ``M`` and the plan's selections ``MUST_RECOMPUTE`` for the partitioner; returns the policy applied.

    A selection the user's checkpoint policy keeps stays kept (its other readers get it); saving ``M`` instead
    would keep more than stock keeps.
    """
    from torch.utils.checkpoint import CheckpointPolicy

    tagged = [m, *(n for n in selection_nodes(plan) if not _user_saves(n))]
    for node in tagged:
        node.meta["recompute"] = CheckpointPolicy.MUST_RECOMPUTE
    region = plan.reduction.meta.get("ac_graph_id")
    if region is not None:
        # Nodes of an activation-checkpointed region carry its id, as torch's own tags do (the
        # partitioner orders regions by it).
        for node in tagged:
            node.meta.setdefault("ac_graph_id", region)
    return POLICY_RECOMPUTE


'''


def without_user_masks(text: str) -> str:
    """PR 3 out: only the family's own ``eq`` masks (and ``isnan``) against a family op's result are rerouted."""
    text = replace(text, " (PyTorch #186799, #195214).", " (PyTorch #186799).")
    text = cut(text, "The same rewrite serves the masks user code writes", "Reduced values that are graph inputs")
    text = cut(text, "#: Value-selecting ops outside the autograd family", "#: Exact comparisons:")
    text = replace(
        text,
        "#: Exact comparisons: ``eq`` is the family's autograd mask, and any of them can be a user-written mask\n"
        "#: (a tie count, a one-hot of the max, a top-k routing mask ``z >= topk(z).values[..., -1:]``).  Each\n"
        "#: reads a value of ``X`` and a value selected from ``X``, and flips where the two computations differ.\n"
        "COMPARISON_OPS = OrderedSet(\n"
        "    {aten.eq.Tensor, aten.ne.Tensor, aten.ge.Tensor, aten.gt.Tensor, aten.le.Tensor, aten.lt.Tensor}\n)\n",
        "#: The family's autograd mask: ``eq`` of a value of ``X`` and the value selected from ``X``.\n"
        "COMPARISON_OPS = OrderedSet({aten.eq.Tensor})\n",
    )
    text = replace(text, " (for a ``SELECTED_VALUES_OPS`` op: its ``values``\n    output),", ",")
    text = cut(text, "    if node.target in SELECTED_VALUES_OPS:\n        return (", "    return value is node\n")
    text = replace(text, "    if node.target in SELECTED_VALUES_OPS:\n        return SELECTED_VALUES_OPS[node.target]\n", "")
    text = replace(text, "    if plan.reduction.target not in VALUE_SELECTING_OPS:\n        return []\n", "")
    text = cut(text, "#: - ``POLICY_SAVE``: ", "#: Either way")
    text = replace(text, 'POLICY_SAVE = "save"\n', "")
    text = cut(text, "def user_recomputes(", "#: What ``\"recompute\"`` applies at a site whose")
    text = cut(text, "#: What ``\"recompute\"`` applies at a site whose", "def tag_site(")
    text = cut(text, "def tag_site(", "def memory_budget(")
    text = cut(text, "def memory_budget(", "def _materialized(")
    text = replace(text, "def _materialized(", _RECOMPUTED_SITE + "def _materialized(")
    text = cut(text, "        # A selection stock never recomputes", "        m = _materialized(graph, plan.reduced)")
    text = cut(text, "        if forward_only:\n", "        log.debug(\n")
    text = replace(text, "        log.debug(\n", "        plan.policy = tag_site(plan, m)\n        log.debug(\n")
    text = re.sub(r"recomputed together, the masks against.*?``M`` saved\.", "recomputed together.", text, count=1, flags=re.S)
    text = re.sub(r"  ``facts``\s+\(``graph_facts\(graph\)``.*?one at a time\.", "", text, count=1, flags=re.S)
    text = replace(text, ", facts: GraphFacts | None = None", "")
    text = replace(text, "    facts = facts if facts is not None else graph_facts(graph)\n    partitioned, backward_reads = facts.partitioned, facts.backward_reads\n", "")
    text = cut(text, "@dataclass\nclass GraphFacts", "def apply_rewrites(")
    text = cut(text, "def _is_joint_graph(", "def graph_name(")
    text = replace(text, "    facts = graph_facts(graph) if plans else None\n", "")
    return replace(text, "apply_rewrites(graph, [plan], facts=facts)", "apply_rewrites(graph, [plan])")


#: The policies the whole module documents (the package's ``install(policy="save")`` option is not upstream).
_POLICIES_DOC = """#: Where a rewritten site's copy ``M`` and its selections live for the backward (``tag_site``):
#: - ``POLICY_RECOMPUTE``: ``M``, every selection from it and the reads that bring a selection to a comparison
#:   are ``MUST_RECOMPUTE``.  A backward that needs a mask recomputes ``M' = materialize(X')`` and
#:   ``R' = red(M')`` together, from whatever the partitioner kept for ``X`` -- its own choice, as for
#:   stock -- so the bytes saved are stock's (less ``R``, which stock saves and this recomputes).
#: - ``POLICY_SAVE``: ``M`` is ``MUST_SAVE``, where masks kept from the forward (``POLICY_MASKS``, ``POLICY_BITS``)
#:   meet a selection the user's checkpoint policy saves, or an earlier site over the same ``M`` saved it: the
#:   backward reads the forward's copy and recomputes nothing of ``X``.
#: Either way the comparison and the selection read one computation of ``X``; what must never happen is a
#: mask reading a recomputed ``M'`` and a saved ``R`` (or the reverse), and the tags rule that out.
POLICY_RECOMPUTE = "recompute"
POLICY_SAVE = "save"


"""


def without_save_option(text: str) -> str:
    """The whole module without the package's ``"save"`` option (``policy=`` and ``check_policy``): upstream runs
    the default alone."""
    text = cut(text, "#: Where a rewritten site's copy ``M`` and its selections live for the backward", "def _user_saves(")
    text = replace(text, "def _user_saves(", _POLICIES_DOC + "def _user_saves(")
    text = replace(text, ", policy: str = POLICY_RECOMPUTE, facts", ", facts")
    text = replace(text, "is ``policy``'s (see ``POLICIES`` and ``tag_site``):", "is ``tag_site``'s:")
    text = replace(text, "    check_policy(policy)\n", "")
    text = replace(text, "            policy == POLICY_RECOMPUTE\n            and partitioned", "            partitioned", count=-1)
    text = cut(text, "        # Computing the autograd mask where it is used", "        if forward_only:\n")
    text = replace(text, "    from torch.utils.checkpoint import CheckpointPolicy\n\n    facts = facts if", "    facts = facts if")
    text = replace(text, "POLICY_MASKS if masks else policy, backward_reads", "POLICY_MASKS if masks else POLICY_RECOMPUTE, backward_reads")
    text = replace(text, "#: The policy applied (``POLICIES``)", "#: The policy applied (``tag_site``)")
    text = replace(text, "chain of their own (``repair_sites``)", "chain of their own (by the partitioner)")
    text = replace(text, "partitioner's CSE by ``repair_sites`` (made here", "partitioner's CSE, by the partitioner (made here")
    return text


#: The stack's features after PR 2, in PR order (PR 3 first); a state is the whole module without the features
#: of the PRs after it.
FEATURES = (
    ("user_masks", without_user_masks),
    ("mask_bits", without_mask_bits),
    ("loop_marks", without_loop_marks),
    ("narrow_counts", without_narrow_counts),
    ("chunked_sweeps", without_chunked_sweeps),
)


def pass_module_state(whole: str, last_feature: str | None) -> str:
    """The pass module with the features up to ``last_feature`` (None: none of them, PR 2's state)."""
    names = [name for name, _ in FEATURES]
    keep = 0 if last_feature is None else names.index(last_feature) + 1
    text = whole
    for _, strip in reversed(FEATURES[keep:]):
        text = strip(text)
    return drop_unused(text)
