"""Regenerate upstream/0001-inductor-equality-mask-reductions.patch from this repository.

    .venv-2.15/bin/python upstream/make_patch.py [--check]

``--check`` regenerates in memory and exits 1 if the committed patch differs (a test runs it).

The patch is made against the Python sources of the installed torch, which must be 2.15.0 (the wheel
ships the v2.15.0 Python files unchanged; ``scripts/setup_venv.sh 2.15.0`` makes that venv).  Its pass module is derived from the package's graph rewrite
(``torch_patch/graph/``: ``PASS_MODULES``): the same planning and rewrite, minus the package's install machinery, with ``prims.inductor_materialize`` in
place of the custom op.  So the package and the patch cannot drift apart silently; the coverage test
in test/test_upstream_patch.py checks the result.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import torch
from stack_states import FEATURES, pass_module_state, replace as _replace, without_save_option

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PACKAGE = REPO / "torch_patch"
PATCH_NAME = "0001-inductor-equality-mask-reductions.patch"
#: The PyTorch release the patch is made against (the newest a maintainer would rebase on).
TARGET_VERSION = "2.15.0"
TOUCHED = (
    "_inductor/graph.py",
    "_inductor/inductor_prims.py",
    "_inductor/lowering.py",
    "_inductor/fx_passes/joint_graph.py",
    "_inductor/config.py",
    "_inductor/codegen/cpp.py",
    "_functorch/partitioners.py",
)

MODULE_DOC = '''"""
Give value-selecting ops and their equality masks one computation of their input (PyTorch #186799, #195214).

The family, by mechanism: ops whose outputs are copies of some of their input values and whose
autograd formula finds those values by an exact equality mask between the input and the output,
possibly read through views, ``expand``, ``gather`` or ``index_select`` (``VALUE_SELECTING_OPS``):
``amin``/``amax`` (and ``aminmax``, ``vector_norm(ord=±inf)``), ``max()``/``min()``/``median()``/
``nanmedian()`` without dim, ``scatter_reduce``/``index_reduce`` (and their in-place forms) with
``amax``/``amin``.  ``maximum``/``minimum``/``clamp`` are not in it: their masks compare inputs with
each other or with a bound, never with the output, so no gradient is lost; ops with dim save indices.

In the joint graph the forward op and the mask read the same FX value ``X``, but Inductor inlines
cheap producers into each reader and the partitioner recomputes them for the backward, so ``X`` is
computed twice: scalar ``std::atan2`` vs vectorized Sleef differ by an ulp, and bf16/fp16 reductions
see unrounded fp32 values while the mask sees rounded ones.  The mask then misses the selected value:
the gradient is dropped, or NaN when the tie count becomes 0.

Rewrite, per op ``R = red(X)`` (per selected input ``X``) with equality users ``eq(X', view(R))``
where ``X'`` computes the same values as ``X`` (the same node, a clone of it, or a structurally
identical one such as the second ``abs(x)`` of the inf-norm backward)::

    M = prims.inductor_materialize(X)           # one stored computation of X for every reader
    R = red(M)
    mask = eq(M, view(R))

``R`` is one of the values of ``M`` (rounding is monotone, so for bf16/fp16 the max of the rounded
values is the rounded max), so the mask always holds exactly the tied extrema, as eager's does.

Where ``M`` lives for the backward costs nothing extra: ``M``, ``R`` and the reads between them and
the masks are ``MUST_RECOMPUTE``, so the partitioner keeps for ``X`` exactly what it keeps without this
pass (its inputs, usually) and the backward computes ``M'`` and ``R' = red(M')`` together: the mask
compares ``M'`` with the reduction of those same values.  A saved ``R`` is never compared with a
recomputed ``M'``.  The backward stores ``M'`` once; reductions that read it stay loops even below
``unroll_reductions_threshold`` (``reduction_stays_loop``), so the C++ backend keeps ``M'`` in a per-row
local buffer and the mask, the tie count and the gradient are one pass.  ``scatter_reduce``/
``index_reduce`` are fallback kernels whose forward stores ``M`` anyway: there the mask is computed in
the forward and saved packed to bits (``save_as_bits``, 1/32 of ``M`` in fp32), so the backward repeats
no scatter.  A selection that a selective-checkpoint policy saves stays saved (``tag_site``).

The same rewrite serves the masks user code writes (#195214: tie counts, one-hot of the max, top-k
routing masks): any exact comparison (``COMPARISON_OPS``) of ``X`` with values selected from ``X``, by
a family op or by the ``values`` of max/min/median/nanmedian with dim, topk, sort, kthvalue, mode,
cummax/cummin (``SELECTED_VALUES_OPS``), in training and forward-only graphs.  Only the family's own
``eq``/``isnan`` masks are tagged ``MUST_RECOMPUTE``; a user's mask is the partitioner's to save or
recompute, and reads one computation either way.

Reduced values that are graph inputs, views/abs/neg of them, or constant fills are left alone: loads are
exact.
Runs from ``joint_graph_passes``, i.e. on training joint graphs before partitioning and on inference
graphs that compute gradients inside (``torch.compile(torch.func.grad(f))``).
"""

'''

PASS_FUNCTION = '''def materialize_equality_mask_reductions(graph: torch.fx.Graph) -> int:
    """Apply the rewrite to ``graph``; returns the number of reductions rewritten.

    A failure while analysing or rewriting one reduction never fails the compile: it warns, names the
    graph and node, and leaves that reduction as it was.
    """
    plans, errors = plan_rewrites(graph)
    for node, exc in errors:
        warnings.warn(
            f"could not analyse reduction {node.name} ({node.target}) in graph {graph_name(graph)}: "
            f"{exc!r}; its equality-mask backward is left as is.",
            RuntimeWarning,
            stacklevel=2,
        )
    applied = 0
    facts = graph_facts(graph) if plans else None
    for plan in plans:
        try:
            applied += apply_rewrites(graph, [plan], facts=facts)
        except Exception as exc:  # noqa: BLE001 - a pass must never break a compile
            warnings.warn(
                f"could not rewrite reduction {plan.reduction.name} in graph {graph_name(graph)}: "
                f"{exc!r}; its equality-mask backward is left as is.",
                RuntimeWarning,
                stacklevel=2,
            )
    if applied:
        graph.eliminate_dead_code()
    return applied


'''


CPP_FUSION_CALL = """        if self._can_fuse_materialized_store_into_reduction(node1, node2):
            return ReasonFusedNodes.COMPATIBLE_REDUCTION
        return None
"""

CPP_FUSION_COMMENT = """\
        # node2 is a reduction kept as a loop (a max/min of a prims.inductor_materialize copy, or a count
        # of its ties: fx_passes/equality_mask_reductions.py) that reads node1's store, the copy. node1's
        # pointwise loops were flattened, so they do not read vars2 + reduce2; re-derive them with node2's
        # ranges, so that the copy is stored inside the reduction loop instead of in a second pass.
"""


def cpp_fusion_method() -> str:
    """``CppScheduling._can_fuse_materialized_store_into_reduction``, from torch_patch/inductor/cpp/fusion.py."""
    src = (PACKAGE / "inductor" / "cpp" / "fusion.py").read_text()
    start = src.index("def _can_fuse_materialized_store_into_reduction(")
    func = src[start : src.index("\n\n\ndef ", start)]
    signature, rest = func.split("\n", 1)
    body = rest[rest.index("    _, (vars1, reduce1)") :]  # past the docstring and the local imports
    body = _replace(body, "kept_as_loop(node2)", "_is_equality_mask_reduction_loop(node2)")
    # the package calls torch's loop-state methods through shims for older torch (inductor/cpp/fusion.py)
    body = _replace(body, "_snapshot_loop_state(self, node1)", "self._snapshot_node_loop_states(node1)")
    body = _replace(body, "_indexing_ranges_exprs(self, node2)", "self._get_indexing_ranges_exprs(node2)")
    body = _replace(body, "_restore_loop_state(node, state)", "node.restore_loop_state(state)")
    indented = "\n".join(("    " + line) if line else line for line in body.splitlines())
    return f"    {signature}\n{CPP_FUSION_COMMENT}{indented}\n\n"


LOCAL_REDUCTIONS_COMMENT = """\
                # Per-row results of the reductions an equality mask compares with (the extremum and its
                # tie count, kept as loops by fx_passes/equality_mask_reductions.py): read only inside
                # this kernel, at the row that wrote them, so one element each, never a global buffer
                # of one value per row that the unrolled reduction of a short row never needed.
"""


def local_reductions_code() -> tuple[str, str]:
    """(module-level helpers, the lines that add their local buffers), from torch_patch/inductor/cpp/local_reductions.py."""
    src = (PACKAGE / "inductor" / "cpp" / "local_reductions.py").read_text()
    helpers = src[src.index("def kept_as_loop(") : src.index("def _outer_loops_are_scalar(")]
    helpers = _replace(
        helpers,
        "    return any(isinstance(origin, torch.fx.Node) and stays_loop(origin)",
        "    from ..fx_passes.equality_mask_reductions import reduction_stays_loop\n\n"
        "    return any(isinstance(origin, torch.fx.Node) and reduction_stays_loop(origin)",
    )
    helpers = _replace(helpers, "(``stays_loop``:", "(``reduction_stays_loop``:")
    fusion = (PACKAGE / "inductor" / "cpp" / "fusion.py").read_text()
    helpers += fusion[fusion.index("def _reads_output_of(") : fusion.index("def _can_fuse_materialized_store_into_reduction(")]
    helpers = _replace(helpers, "kept_as_loop(", "_is_equality_mask_reduction_loop(", count=-1)
    helpers = _replace(helpers, "_row_index(", "_outer_loops_row_index(", count=-1)
    helpers = _replace(helpers, "localizable_outputs", "_equality_mask_reduction_local_outputs", count=-1)
    helpers = _replace(helpers, "add_local_reduction_buffers(", "_add_equality_mask_reduction_local_buffers(")
    helpers = _replace(helpers, "    from torch._inductor.scheduler import SchedulerNode\n\n", "")
    helpers = _replace(helpers, "    from torch._inductor import ir\n\n", "")
    helpers = _replace(helpers, 'f"{LOCAL_PREFIX}_{i}"', 'f"local_reduction_data_{i}"')
    helpers = _replace(
        helpers,
        "\n\n    upstream/make_patch.py copies this function and the two above into the C++ backend in the upstream\n    patch.\n    ",
        "",
    )
    helpers = _replace(
        helpers, "\n\n    upstream/make_patch.py copies this function into the C++ backend in the upstream patch.\n    ", ""
    )
    add = LOCAL_REDUCTIONS_COMMENT + """\
                reduction_buffers = _equality_mask_reduction_local_outputs(node)
                _add_equality_mask_reduction_local_buffers(scope, reduction_buffers)
"""
    return helpers.rstrip("\n") + "\n\n\n", add


REPAIR_CALL = """    # The tag rewrites above (cleanup_recompute_tags at checkpoint-region boundaries, a user's saved
    # selection, the CSE before them) can save a selection whose comparison reads a recomputed
    # prims.inductor_materialize: give such a comparison a recomputed copy of its selection.
    _keep_comparisons_with_recomputed_selections(joint_module.graph)
"""


def partition_guard_code() -> str:
    """``torch_patch/inductor/partition_guard.py``'s repair (without its install wrappers: the patch calls it after the
    partitioner's last tag rewrite), reading the pass module's tables."""
    guard = (PACKAGE / "inductor" / "partition_guard.py").read_text()
    guard = guard[guard.index("def _recomputed(") : guard.index("def missing_internals(")]
    passes = "from torch._inductor.fx_passes.equality_mask_reductions import"
    guard = _replace(guard, "from torch_patch.graph.ops import", passes, count=-1)
    guard = _replace(guard, "    from torch_patch.graph.materialize import materialize_overload\n", "")
    guard = _replace(guard, "n.target is materialize_overload()", "n.target is torch.ops.prims.inductor_materialize.default")
    guard = _replace(guard, "def repair_sites(", "def _keep_comparisons_with_recomputed_selections(")
    guard = _replace(guard, "torch.fx.Graph", "fx.Graph", count=-1)
    guard = _replace(guard, "torch.fx.Node", "fx.Node", count=-1)
    guard = _replace(guard, '"torch_patch: comparison', '"comparison')
    return guard.rstrip("\n") + "\n"


def helper_code() -> str:
    """The loop rule, float32 counts and chunked sweeps (torch_patch/graph/loop_marks.py; ``GraphLowering.run_node``
    asks the rule, ``reduction_stays_loop``) and the bit packing (torch_patch/graph/mask_bits.py)."""
    loops = (PACKAGE / "graph" / "loop_marks.py").read_text()
    loops = loops[loops.index("#: A count of at most this many booleans") :]
    loops = _replace(loops, "    (docs/benchmarks.md).  Only", "    (measured in the out-of-tree package).  Only")
    loops = _replace(loops, "stays_loop", "reduction_stays_loop", count=-1)
    loops = _replace(loops, "materialize_overload()", "torch.ops.prims.inductor_materialize.default")
    bits = (PACKAGE / "graph" / "mask_bits.py").read_text()
    bits = bits[bits.index("#: Bits per packed byte.") :]
    bits = _replace(bits, ', compat.default_ac_graph_id())', ')')
    return ("\n\n" + loops.rstrip() + "\n\n\n" + bits).replace("frozenset(", "OrderedSet(")


#: The modules of the package's graph rewrite that make up the upstream pass module, in order (what each
#: imports from the others is one module upstream; its joint pass is ``PASS_FUNCTION``, the loop rule and the bit
#: packing follow from ``helper_code``).
PASS_MODULES = ("ops", "plan", "placement", "rewrite")


def _module_body(name: str) -> str:
    """A module of ``torch_patch/graph/`` without its docstring and imports (from its first ``aten =``, ``log =``,
    ``#:`` or top-level definition on)."""
    src = (PACKAGE / "graph" / f"{name}.py").read_text()
    tree = ast.parse(src)
    first = next(
        node for node in tree.body[1:]
        if not isinstance(node, (ast.Import, ast.ImportFrom))
        and not (isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) in ("aten", "log"))
    )
    lines = src.splitlines(keepends=True)
    decorators = getattr(first, "decorator_list", None)
    start = (decorators[0] if decorators else first).lineno - 1
    while start > 0 and lines[start - 1].startswith("#:"):
        start -= 1
    return "".join(lines[start:]).rstrip() + "\n"


def upstream_pass_module() -> str:
    body = "\n\n".join(_module_body(name) for name in PASS_MODULES)
    body = (
        "from __future__ import annotations\n\nimport collections\nimport logging\nimport math\nimport operator\n"
        "import warnings\nfrom dataclasses import dataclass, field\n\nimport torch\nimport torch.fx\n"
        "from torch.utils import _pytree as pytree\nfrom torch.utils._ordered_set import OrderedSet\n\n\n"
        "log = logging.getLogger(__name__)\n\naten = torch.ops.aten\nprims = torch.ops.prims\n\n\n" + body
    )
    body = _replace(body, "frozenset(", "OrderedSet(", count=-1)
    body = _replace(body, "materialize_overload()", "torch.ops.prims.inductor_materialize.default", count=-1)
    # The user-facing report by source line (torch_patch.graph.sites, torch_patch.check): package-only.
    report_start = body.index("        # The user-facing INFO line")
    body = body[:report_start] + body[body.index("        log.debug(\n", report_start) :]
    # The helpers of torch_patch/graph/loop_marks.py and torch_patch/graph/mask_bits.py become part of the module.
    body = _replace(body, "loop_marks.rewrite_counts_and_sweeps(", "rewrite_counts_and_sweeps(")
    body = _replace(body, "    from torch_patch.graph import mask_bits\n\n", "", count=-1)
    body = _replace(body, "    from torch_patch.graph.mask_bits import NodeOrder\n\n", "")
    body = _replace(body, "mask_bits.", "", count=-1)
    # torch < 2.10's partitioner needs a region id on every recompute-tagged node (compat.py): not upstream.
    body = _replace(body, ', compat.default_ac_graph_id())', ')', count=-1)
    # Package-only words (its install options, the torch releases it supports).
    body = _replace(body, "default, and the package's ``install(policy=...)`` picks one):", "default; ``\"save\"`` is an option of the out-of-tree package):")
    body = _replace(body, "partitioner orders regions by it; torch < 2.10 reads it without a default).", "partitioner orders regions by it).", count=-1)
    body = body.rstrip() + "\n\n\n" + PASS_FUNCTION.rstrip() + "\n\n\n" + helper_code().lstrip()
    module = without_save_option(MODULE_DOC + body.replace("torch_patch: ", ""))
    leaked = [name for name in ("materialize_overload", "torch_patch") if name in module]
    if leaked:
        raise SystemExit(f"make_patch: the upstream pass module still names package-only {leaked}")
    return module


#: The stack (``upstream/stack/``): PR 1 is the minimal fix (its pass and test are ``stack/pr1/``); PR 2 brings
#: the tree to the single patch's (``PATCH_NAME``), and a check below asserts that the two trees are equal.
STACK = HERE / "stack"
#: The tests of each PR (of the single patch's test file); a PR's test file has its own and those of the PRs before.
PR_TESTS = (
    (),  # PR 1 has its own file (stack/pr1/)
    (
        "test_seed_atan2_amin_fp32", "test_bf16_mul_amin_no_nan", "test_inf_norm",
        "test_scatter_reduce_amax_bf16_graph_network_aggregation", "test_scatter_reduce_inplace_and_index_reduce_include_self",
        "test_median_without_dim_bf16", "test_scatter_reduce_sum_is_not_rewritten", "test_func_grad_unpartitioned",
        "test_saves_no_more_than_without_the_pass", "test_forward_stores_no_copy_nothing_compares",
        "test_triton_rounds_the_copy_where_it_computes_it", "test_disabled_by_config_leaves_the_graph_alone",
    ),
    (
        "test_user_tie_count_bf16_issue_195214", "test_user_max_dim_mask_training", "test_topk_mask_is_kept_not_recomputed",
        "test_forward_only_tie_count_keeps_the_saved_set_without_the_pass",
    ),
    ("test_scatter_backward_repeats_no_scatter",),
    ("test_forward_matches_eager",),
    ("test_tie_count_is_a_float32_sum",),
    ("test_outer_dim_min_is_reduced_in_chunks_and_splits_ties_evenly",),
    ("test_backward_computes_producer_once",),
    ("test_selection_read_across_checkpoint_regions",),
)


def _tests_up_to(k: int) -> tuple[str, ...]:
    return tuple(name for names in PR_TESTS[: k + 1] for name in names)


def _pass_step(feature: str | None, k: int, *more):
    """A stack step that writes the pass module's state with the features up to ``feature`` and PR k's tests."""
    return lambda root: (edit_pass(root, feature), *(edit(root) for edit in more), write_tests(root, _tests_up_to(k)))


#: The stack: (patch file, commit message, the edits from the previous PR's tree). PR 2 starts again from the
#: baseline's files (it replaces PR 1's pass by the general one); the last ends at the single patch's tree.
STACK_STEPS = (
    ("0001-inductor-equality-mask-reductions-minimal-fix.patch", "0001.txt", lambda root: edit_pr1(root)),
    ("0002-inductor-equality-mask-reductions-the-family.patch", "0002.txt", _pass_step(None, 1)),
    ("0003-inductor-equality-mask-reductions-user-written-masks.patch", "0003.txt", _pass_step("user_masks", 2)),
    ("0004-inductor-scatter-masks-saved-as-bits.patch", "0004.txt", _pass_step("mask_bits", 3)),
    ("0005-inductor-reductions-of-a-stored-copy-stay-loops.patch", "0005.txt", _pass_step("loop_marks", 4, lambda root: edit_graph(root))),
    ("0006-inductor-tie-counts-in-float32.patch", "0006.txt", _pass_step("narrow_counts", 5)),
    ("0007-inductor-outer-dim-sweeps-in-chunks.patch", "0007.txt", _pass_step("chunked_sweeps", 6)),
    (
        "0008-inductor-cpp-copy-fused-into-its-reduction-and-local-results.patch",
        "0008.txt",
        lambda root: (edit_cpp(root), write_tests(root, _tests_up_to(7))),
    ),
    (
        "0009-functorch-partitioner-keeps-comparisons-exact-at-checkpoint-boundaries.patch",
        "0009.txt",
        lambda root: (edit_partitioners(root), write_tests(root)),
    ),
)
STACK_PATCHES = tuple(name for name, _, _ in STACK_STEPS)

#: The lowering's rounding of a bf16/fp16 copy on Triton: the same in PR 1 and in the whole patch.
ROUNDED_COPY = '''        if dtype in (torch.bfloat16, torch.float16) and not (device.type == "cpu" and config.cpu_backend == "cpp"):
            # Triton keeps a stored value in the register it was stored from (the store cache) and a
            # reduction in a register, both unrounded float32, while a reload is rounded: a looped
            # reduction would compare the two. Round where x is computed (stored as is), so that every
            # reader sees the values memory holds; where x is already stored, each reader rounds what it
            # reads. The C++ backend stores every reduction in its dtype before a loop reads it.
            load = x.make_loader()

            def rounded(index):
                return ops.to_dtype(ops.to_dtype(load(index), dtype, use_compute_types=False), dtype)

            result = Pointwise.create(device=device, dtype=dtype, inner_fn=rounded, ranges=list(x.get_size()))
            if isinstance(data.data, ir.Pointwise):
                result.realize()
            return result
'''

PR1_LOWERING = '''@register_lowering(inductor_prims.materialize, type_promotion_kind=None)
def inductor_materialize(x):
    # One stored buffer that every reader of the result loads (a pointwise x would otherwise be inlined,
    # and recomputed, in each reader). A value computed here is stored in place, no copy; a value the
    # forward saved (a backward input) is read as is; views and forward inputs are copied, so that no
    # user tensor is aliased.
    data = getattr(x, "data", None)
    stored = isinstance(data, ir.StorageBox)
    if stored and data.is_input_buffer() and V.graph.is_backward:
        return x
    if stored and not data.is_input_buffer():
        device, dtype = x.get_device(), x.get_dtype()
''' + ROUNDED_COPY + '''        x.realize()
        return x
    result = clone(x)
    result.realize()
    return result


'''


def edit_pr1(root: Path) -> None:
    """PR 1 of the stack: the prim, its lowering, the config switch, the joint pass of ``stack/pr1/`` and its test."""
    _add_prim(root, '"looks for read the same values.",')
    lowering = root / "torch/_inductor/lowering.py"
    anchor = "@register_lowering(inductor_prims.seed, type_promotion_kind=None)"
    lowering.write_text(_replace(lowering.read_text(), anchor, PR1_LOWERING + anchor))
    config = root / "torch/_inductor/config.py"
    anchor = "# enable pattern match+replace optimizations\npattern_matcher = True\n"
    config.write_text(_replace(config.read_text(), anchor, anchor + '''
# Give amin/amax and max()/min() without dim and their equality-mask backward one stored copy of
# the reduced values (see fx_passes/equality_mask_reductions.py).
materialize_equality_mask_reductions = True
'''))
    _hook_joint_pass(root)
    shutil.copyfile(STACK / "pr1" / "equality_mask_reductions.py", root / "torch/_inductor/fx_passes/equality_mask_reductions.py")
    (root / "test/inductor").mkdir(parents=True, exist_ok=True)
    shutil.copyfile(STACK / "pr1" / "test_equality_mask_reductions.py", root / "test/inductor/test_equality_mask_reductions.py")


def _add_prim(root: Path, doc_end: str) -> None:
    """``prims.inductor_materialize`` in ``inductor_prims.py``, its doc ending with ``doc_end`` (source text)."""
    prims = root / "torch/_inductor/inductor_prims.py"
    prims.write_text(_replace(prims.read_text(), "force_stride_order = make_prim(", f'''materialize = make_prim(
    "inductor_materialize(Tensor input) -> Tensor",
    lambda input: input.clone(),
    doc="A stored copy of input that every reader loads (eager: clone). Inserted by "
    "fx_passes/equality_mask_reductions.py so that a reduction's equality mask and the extremum it "
    {doc_end}
)
force_stride_order = make_prim('''))


def _hook_joint_pass(root: Path) -> None:
    joint = root / "torch/_inductor/fx_passes/joint_graph.py"
    anchor = "    for joint_custom_post_pass in get_custom_graph_passes(\n        config.joint_custom_post_pass\n    ):"
    joint.write_text(_replace(joint.read_text(), anchor, '''    if config.materialize_equality_mask_reductions:
        from .equality_mask_reductions import materialize_equality_mask_reductions

        rewritten = GraphTransformObserver(
            graph, "materialize_equality_mask_reductions"
        ).apply_graph_pass(materialize_equality_mask_reductions)
        count += rewritten or 0

''' + anchor))


#: The config switch's comment in PR 2 (the family) and from PR 3 on (user-written masks too).
CONFIG_FAMILY = """# Give value-selecting ops (amin/amax, max()/min()/median() without dim, scatter_reduce/index_reduce
# amax/amin) and their equality-mask backward one stored copy of the selected-from values, so that the
# mask always finds the selected value (see fx_passes/equality_mask_reductions.py).
"""
CONFIG_USER_MASKS = CONFIG_FAMILY.replace(
    "value (see",
    "value; likewise for exact comparisons user code writes against values\n# selected from a tensor (max/topk/sort/... values) (see",
)
#: The last feature of the whole module (``stack_states.FEATURES``).
ALL_FEATURES = FEATURES[-1][0]


def edit_pass(root: Path, feature: str | None = ALL_FEATURES) -> None:
    """The pass module with the features up to ``feature`` (``stack_states``). From the baseline's files (PR 2 of
    the stack, ``feature=None``; the single patch): also its prim, its lowering, its switch and its hook; on a tree that has them (PRs 3 to 7), the module and the switch's
    comment alone."""
    module = root / "torch/_inductor/fx_passes/equality_mask_reductions.py"
    config = root / "torch/_inductor/config.py"
    comment = CONFIG_USER_MASKS if feature is not None else CONFIG_FAMILY
    if "materialize = make_prim(" in (root / "torch/_inductor/inductor_prims.py").read_text():
        module.write_text(pass_module_state(upstream_pass_module(), feature))
        text = config.read_text()
        config.write_text(text if comment in text else _replace(text, CONFIG_FAMILY, comment))
        return
    _add_prim(
        root,
        '"looks for read the same values; the partitioner saves or recomputes it as the pass\'s tag says.",',
    )
    lowering = root / "torch/_inductor/lowering.py"
    lowering.write_text(_replace(lowering.read_text(), "@register_lowering(inductor_prims.seed, type_promotion_kind=None)", '''@register_lowering(inductor_prims.materialize, type_promotion_kind=None)
def inductor_materialize(x):
    # One stored buffer that every reader of the result loads (a pointwise x would otherwise be
    # inlined, and recomputed, in each reader). A value computed here is stored in place, no copy; a
    # value the forward saved (a backward input) is read as is; a value that only value-selecting ops
    # read (a forward that neither compares nor saves it) is left unstored, each op computing it once
    # in its own loop; views and forward inputs are copied, so no user tensor is aliased.
    from .fx_passes.equality_mask_reductions import selected_positions

    data = getattr(x, "data", None)
    node = V.graph.current_node
    stored = isinstance(data, ir.StorageBox)
    if stored and data.is_input_buffer() and V.graph.is_backward:
        return x
    if node is not None and node.users and all(
        user.op == "call_function" and selected_positions(user) for user in node.users
    ):
        return x
    if stored and not data.is_input_buffer():
        device, dtype = x.get_device(), x.get_dtype()
''' + ROUNDED_COPY + '''        x.realize()
        return x
    result = clone(x)
    result.realize()
    return result


@register_lowering(inductor_prims.seed, type_promotion_kind=None)'''))
    config = root / "torch/_inductor/config.py"
    anchor = "# enable pattern match+replace optimizations\npattern_matcher = True\n"
    config.write_text(_replace(config.read_text(), anchor, anchor + "\n" + comment + "materialize_equality_mask_reductions = True\n"))
    _hook_joint_pass(root)
    module.write_text(pass_module_state(upstream_pass_module(), feature))


def edit_partitioners(root: Path) -> None:
    """The partitioner: a comparison keeps a recomputed selection through the tag rewrites at checkpoint-region
    boundaries (PR 9).  The package's other partitioner patch (``inductor/partitioner_ops.py``: an untagged copy is
    recomputable) is not upstream: on v2.15.0 it changes neither the saved bytes nor the peak of its case (#195214's
    hard max, bf16 4096x1024: 8,441,858 B saved and a 25,243,648 B peak with or without it), where on torch 2.13
    it took the peak from 33,554,432 B to 25,243,648 B."""
    partitioners = root / "torch/_functorch/partitioners.py"
    text = partitioners.read_text()
    text = _replace(
        text, "\n\ndef is_getitem_of_multi_output(", "\n\n" + partition_guard_code() + "\n\ndef is_getitem_of_multi_output("
    )
    text = _replace(text, "    force_save_bw_mutation_src(joint_module)\n", "    force_save_bw_mutation_src(joint_module)\n" + REPAIR_CALL, count=-1)
    partitioners.write_text(text)


def edit_graph(root: Path) -> None:
    """Reductions of the pass's copy stay loops below ``unroll_reductions_threshold`` (PR 5)."""
    graph = root / "torch/_inductor/graph.py"
    anchor = """            else:
                debug("")
                result = super().run_node(n)
"""
    text = _replace(graph.read_text(), anchor, """            elif _equality_mask_reduction_stays_loop(n):
                # A max/min of a stored copy (fx_passes/equality_mask_reductions.py), or a count of its ties, stays a
                # loop even over < unroll_reductions_threshold elements: unrolled, each of its readers would be its
                # own loop nest and the copy a full buffer; as a loop, the C++ backend keeps it in a per-row local
                # buffer. Selecting and counting do not depend on the order. Read from the graph's ops, not from
                # node.meta, so the FX graph cache key sees it.
                debug("")
                with config.patch(unroll_reductions_threshold=1):
                    result = super().run_node(n)
""" + anchor)
    anchor = "\n\nclass GraphLowering(torch.fx.Interpreter):\n"
    graph.write_text(_replace(text, anchor, """


def _equality_mask_reduction_stays_loop(n: torch.fx.Node) -> bool:
    from .fx_passes.equality_mask_reductions import reduction_stays_loop

    return reduction_stays_loop(n)
""" + anchor))


def edit_cpp(root: Path) -> None:
    """The C++ backend: the copy's store fused into the reduction kept as a loop that reads it, and the per-row
    results in local buffers (PR 8)."""
    cpp = root / "torch/_inductor/codegen/cpp.py"
    anchor = """            return ReasonFusedNodes.COMPATIBLE_RANGES_NO_REDUCTION
        # TODO(jansel): allow fusion pointwise (vars1, ()) suffix?
        return None
"""
    cpp_text = _replace(cpp.read_text(), anchor, anchor.replace("        return None\n", CPP_FUSION_CALL))
    anchor = "    def _can_fuse_horizontal_impl(self, node1, node2):\n"
    cpp_text = _replace(cpp_text, anchor, cpp_fusion_method() + anchor)
    helpers, add_locals = local_reductions_code()
    anchor = "class CppScheduling(BaseScheduling):\n"
    cpp_text = _replace(cpp_text, anchor, helpers + anchor)
    anchor = """                        scope.add_local_buffer(
                            local_buffer, local_to_global_buffers[local_buffer.name]
                        )
                for _node in node.get_outer_nodes():
"""
    cpp_text = _replace(cpp_text, anchor, anchor.replace("                for _node", add_locals + "                for _node"))
    anchor = "if len(local_buffers) > 0 and has_tiled_fused_outer_loop():"
    cpp_text = _replace(
        cpp_text, anchor, "if (local_buffers or reduction_buffers) and has_tiled_fused_outer_loop():"
    )
    cpp.write_text(cpp_text)


def write_tests(root: Path, names: tuple[str, ...] | None = None) -> None:
    """``upstream/test_equality_mask_reductions.py`` with only the tests ``names`` (None: all of them)."""
    text = (HERE / "test_equality_mask_reductions.py").read_text()
    if names is not None:
        lines = text.splitlines(keepends=True)
        tests = [
            node
            for cls in ast.parse(text).body
            if isinstance(cls, ast.ClassDef)
            for node in cls.body
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
        ]
        unknown = sorted(set(names) - {node.name for node in tests})
        if unknown:
            raise SystemExit(f"make_patch: no such upstream tests: {unknown}")
        for node in reversed(tests):
            if node.name not in names:
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)]) - 1
                while start > 0 and not lines[start - 1].strip():
                    start -= 1
                del lines[start : node.end_lineno]
        text = "".join(lines)
    (root / "test/inductor").mkdir(parents=True, exist_ok=True)
    (root / "test/inductor/test_equality_mask_reductions.py").write_text(text)


def edit_torch_files(root: Path) -> None:
    """The whole fix: the single patch."""
    edit_pass(root)
    edit_graph(root)
    edit_cpp(root)
    edit_partitioners(root)
    write_tests(root)


def main(argv: list[str] | None = None) -> int:
    check = (sys.argv[1:] if argv is None else argv) == ["--check"]
    if torch.__version__.split("+")[0] != TARGET_VERSION:
        print(
            f"make_patch: the patch targets v{TARGET_VERSION}, but torch {torch.__version__} is installed; "
            f"run it with the {TARGET_VERSION} venv (bash scripts/setup_venv.sh {TARGET_VERSION}).",
            file=sys.stderr,
        )
        return 2
    torch_dir = Path(torch.__file__).resolve().parent
    with tempfile.TemporaryDirectory(prefix="torch_patch_upstream_") as tmp:
        root = Path(tmp)
        for rel in TOUCHED:
            (root / "torch" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(torch_dir / rel, root / "torch" / rel)
        git = ["git", "-c", "user.name=torch_patch", "-c", "user.email=torch_patch@users.noreply.github.com"]
        # Fixed dates: the patch's "From <sha>" line depends on them, and --check compares bytes.
        env = {**os.environ, "GIT_AUTHOR_DATE": "2026-11-29T00:00:00Z", "GIT_COMMITTER_DATE": "2026-11-29T00:00:00Z"}

        def run(*args, **kwargs):
            return subprocess.run([*git, *args], cwd=root, check=True, env=env, text=True, **kwargs)

        run("init", "-q", "-b", "single")
        run("add", "-A")
        run("commit", "-qm", f"v{torch.__version__.split('+')[0]} baseline")
        edit_torch_files(root)
        run("add", "-A")
        run("commit", "-q", "-F", "-", input=(HERE / "commit_message.txt").read_text())
        outputs = {HERE / PATCH_NAME: run("format-patch", "-1", "--stdout", "--no-signature", capture_output=True).stdout}
        # The stack, from the same baseline; it must end at the single patch's tree.
        run("checkout", "-q", "-b", "stack", "HEAD~1")
        baseline = run("rev-parse", "HEAD", capture_output=True).stdout.strip()
        for k, (_, message, edit) in enumerate(STACK_STEPS):
            if k == 1:  # the whole pass replaces PR 1's: start again from the baseline's files
                run("checkout", "-q", baseline, "--", "torch")
            edit(root)
            run("add", "-A")
            run("commit", "-q", "-F", "-", input=(STACK / message).read_text())
        if run("diff", "--stat", "single", "stack", capture_output=True).stdout:
            raise SystemExit("make_patch: the stack does not end at the single patch's tree")
        for k, name in enumerate(STACK_PATCHES):
            outputs[STACK / name] = run(
                "format-patch", "-1", f"HEAD~{len(STACK_PATCHES) - 1 - k}", "--stdout", "--no-signature", capture_output=True
            ).stdout
    stale = [path.name for path, text in outputs.items() if not path.exists() or path.read_text() != text]
    if check:
        if stale:
            print(f"{', '.join(stale)} out of date with torch_patch/ and upstream/stack/; run upstream/make_patch.py", file=sys.stderr)
            return 1
        print(f"{', '.join(path.name for path in outputs)} up to date")
        return 0
    for path, text in outputs.items():
        path.write_text(text)
        print(f"wrote {path} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
