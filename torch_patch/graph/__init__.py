"""The fix as a graph rewrite, device-independent: value-selecting ops and their equality masks read one stored input.

The family, defined by mechanism.  An op is in it when (1) it is *value-selecting*: every output
element is a copy of one of its input elements (an extremum, a median), and (2) its autograd formula
finds the selected elements by an exact equality mask between that input and the output, possibly
read through views, ``expand``, ``gather`` or ``index_select`` (``VALUE_SELECTING_OPS``):

- ``amin``, ``amax`` (``scale_grad_by_count``), and what decomposes into them: ``aminmax``,
  ``vector_norm(ord=±inf)`` (``amax``/``amin`` of ``abs``);
- ``max()``, ``min()``, ``median()``, ``nanmedian()`` without dim (``evenly_distribute_backward``:
  ``input == result``, plus ``isnan`` for NaN results);
- ``scatter_reduce`` / ``scatter_reduce_`` with ``amax``/``amin`` (``self == result`` and
  ``src == result.gather(dim, index)``), the max aggregation of graph networks;
- ``index_reduce`` / ``index_reduce_`` with ``amax``/``amin`` (``self == result`` and
  ``source == result.index_select(dim, index)``; PyTorch #168358 reports NaN gradients of it on CUDA).

The rule extends to masks that user code writes (PyTorch #195214: tie counts, one-hot of the max,
top-k routing masks): any exact comparison (``COMPARISON_OPS``: ``eq``, ``ne``, ``ge``, ``gt``, ``le``,
``lt``; ``torch.where``/``masked_fill`` consume such a node) between ``X`` and values selected from
``X`` is rewritten the same way, whether the values come from a family op or from the ``values``
output of ``max``/``min``/``median``/``nanmedian`` with dim, ``topk``, ``sort``/``msort``,
``kthvalue``, ``mode``, ``cummax``/``cummin`` (``SELECTED_VALUES_OPS``), read through ``getitem``,
views, slicing, ``expand``, ``gather`` or ``index_select``.  Those ops save indices and scatter their
own gradient by index (no mask of theirs is recomputed), but their values are copies of ``X``'s, and a
comparison with them recomputes ``X`` just as the family's mask does, in forward-only graphs too.

Not covered: ``maximum``,
``minimum``, ``fmax``/``fmin`` and ``clamp`` do not compare with their output: their masks compare
the inputs with each other or with a bound (``a > b``, ``x >= min``), and every element's gradient
goes to one side (or is split at a tie), so a recomputed input moves a decision by an ulp, as it moves
the forward, but never loses the gradient nor divides by a zero count.  ``scatter_reduce``
``sum``/``mean``/``prod`` and ``index_add`` compute new values and have no equality mask with the
result; they are left alone (``SELECTING_REDUCE_MODES``).  A comparison with another tensor's
extremum, with a constant, or of a value cast to another dtype (``z.float() == m.float()``: another
node than ``X``) is not matched.

Root cause (PyTorch #186799): after AOTAutograd the forward op and the mask are two readers of the
same FX value ``X``; Inductor inlines cheap producers into each reader (and the partitioner recomputes
them in the backward), so ``X`` is computed twice.  Two computations of a transcendental op differ by
an ulp between scalar and vectorized C++ code; bf16/fp16 reductions see unrounded fp32 values while
the mask sees rounded ones.  The mask then misses the selected value: the gradient is silently
dropped, or NaN when the tie count is 0.

The rewrite, per family op ``R = red(X)`` (per selected input ``X``) with equality users
``eq(X', view(R))`` (``view`` also ``gather``/``index_select``) where ``X'`` computes the same thing as
``X`` (the same node, a clone of it, or a structurally identical one such as the second ``abs(x)``
of the inf-norm backward)::

    M = torch_patch.materialize(X)        # Inductor: X computed once, stored in its own dtype
    R = red(M)                            # the forward reduces the stored values
    mask = eq(M, view(R))                 # MUST_RECOMPUTE: built in the backward from saved M and R

``R`` is one of the values of ``M`` (for bf16/fp16 too: rounding is monotone, so the max of rounded
values is the rounded max), so the mask is never empty (no NaN) and holds exactly the tied extrema,
as eager's does.  The forward reduces values computed the way eager's are (vectorized, rounded), so
it matches eager bitwise more often than stock compile's unrolled scalar code (on tensors of fewer
than two vectors, where eager itself is scalar, a row may differ: ``docs/design.md``).

Why this shape (measured; ``docs/design.md`` has the table of alternatives): the partitioner would
otherwise compute the mask in the forward and save it as a bool tensor, and Inductor's C++ bool store
(``VecMask::store``) made that forward kernel 7x slower than stock's.  ``MUST_RECOMPUTE`` on the mask
nodes puts the compare into the backward's gradient kernel, which loads ``M`` anyway; the saved
bytes are ``M`` and ``R``, as eager saves the reduced input and the result.
``torch_patch.inductor.cpp.fusion`` lets Inductor's C++ backend store ``M`` inside the reduction loop, so the
forward is one pass.

Graphs where nothing is recomputed inexactly are left alone (the reduced value is a graph input, a
view / ``abs`` / ``neg`` of one, or a constant fill such as the zeros a graph network scatters into):
there the mask is already exact and the kernels stay stock.  ``scatter_reduce`` and ``index_reduce``
are rewritten per input: ``src`` and, when the mask compares it, ``self`` (two plans).

The modules, in the order a graph goes through them (none imports Inductor's code generation; the Inductor
patches of ``torch_patch.inductor`` import these, never the reverse):

- ``ops``: the family's op tables and the structural reads shared by everything below;
- ``materialize``: the ``torch_patch::materialize`` op (a clone in eager; its lowering is an Inductor patch);
- ``plan``: which sites need a stored copy (pure: changes nothing);
- ``placement``: the tags that keep a site's selection and masks on one side of the partitioner's cut;
- ``rewrite``: the mutation itself; ``loop_marks`` and ``mask_bits`` (masks saved as bits) are its helpers;
- ``graph_undo``: puts a failed site back node for node; ``sites``: each rewrite named by the user's source line;
- ``joint_pass``: the ``CustomGraphPass`` that Inductor runs (``MaterializeEqualityMaskReductions``).

Names with a leading underscore are private to their module.
"""
