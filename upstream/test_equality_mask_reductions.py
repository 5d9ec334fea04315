# Owner(s): ["module: inductor"]
"""Tests for fx_passes/equality_mask_reductions.py (PyTorch #186799).

Device-generic (``instantiate_device_type_tests``): every check of gradients, saved bytes and the structure of the
generated wrapper code (which buffers and which ATen calls) runs on the CPU (the C++ backend) and on CUDA (Triton).
Three checks read one backend's kernels: the C++ backend's local buffers and the loop that keeps a short reduction
vectorized like eager (``onlyCPU``), and Triton's rounding of a bf16 copy (``onlyCUDA``); none depends on the
vector ISA (no ``cpp.simdlen``), and none counts ops with the profiler.
"""

import math

import torch
import torch._inductor.config as inductor_config
from torch._inductor.test_case import run_tests, TestCase
from torch._inductor.utils import run_and_get_code
from torch.testing import FileCheck
from torch.testing._internal.common_device_type import instantiate_device_type_tests, onlyCPU, onlyCUDA
from torch.testing._internal.inductor_utils import HAS_CPU


def _grads(fn, x, *rest):
    """Eager and compiled gradient of ``fn(x, *rest).float().sum()`` w.r.t. x."""
    out = []
    for f in (fn, torch.compile(fn)):
        xr = x.detach().clone().requires_grad_(True)
        f(xr, *rest).float().sum().backward()
        out.append(xr.grad)
    return out


def _saved(fn, *args, enabled):
    """Bytes per saved storage of a compiled ``fn(*args)``, with the pass on or off (keyed by storage)."""
    torch._dynamo.reset()
    seen = {}

    def pack(t):
        seen[(t.untyped_storage().data_ptr(), t.storage_offset())] = t.numel() * t.element_size()
        return t

    with inductor_config.patch(materialize_equality_mask_reductions=enabled):
        f = torch.compile(fn)
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
            f(*args)
    return seen


class EqualityMaskReductionTests(TestCase):
    def setUp(self):
        super().setUp()
        torch._dynamo.reset()

    def assert_grads_match(self, eager, compiled, rtol, atol):
        self.assertFalse(compiled.isnan().any() and not eager.isnan().any(), "NaN that eager lacks")
        self.assertEqual(eager != 0, compiled != 0)
        self.assertEqual(compiled, eager, rtol=rtol, atol=atol)

    def test_seed_atan2_amin_fp32(self, device):
        torch.manual_seed(0)
        x, y = torch.randn(2, 3, device=device), torch.randn(2, 3, device=device)
        eager, compiled = _grads(lambda x, y: torch.atan2(x, y).amin(dim=-1), x, y)
        self.assert_grads_match(eager, compiled, rtol=1e-6, atol=0)
        self.assertNotEqual(compiled[0, 2].item(), 0.0)

    def test_bf16_mul_amin_no_nan(self, device):
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(8, 64, generator=gen).bfloat16().to(device)
        y = torch.randn(8, 64, generator=gen).bfloat16().to(device)
        eager, compiled = _grads(lambda x, y: (x * y).amin(dim=-1), x, y)
        self.assert_grads_match(eager, compiled, rtol=2e-2, atol=2e-2)

    def test_inf_norm(self, device):
        gen = torch.Generator().manual_seed(0)
        x, y = torch.randn(16, 7, generator=gen).to(device), torch.randn(16, 7, generator=gen).to(device)
        f = lambda x, y: torch.linalg.vector_norm(torch.atan2(x, y), ord=math.inf, dim=-1)  # noqa: E731
        eager, compiled = _grads(f, x, y)
        self.assert_grads_match(eager, compiled, rtol=1e-4, atol=1e-6)

    def test_scatter_reduce_amax_bf16_graph_network_aggregation(self, device):
        # Max aggregation of a graph network: scatter_reduce(..., "amax", include_self=False) of
        # computed messages; the mask is src == result.gather(0, index).
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(64, 8, generator=gen).bfloat16().to(device)
        w = torch.randn(64, 8, generator=gen).bfloat16().to(device)
        dst = torch.randint(0, 16, (64,), generator=gen).to(device)

        def aggregate(x, w, dst):
            msg = torch.sin(x) * w  # stock: reduces unrounded fp32 values, masks with rounded ones
            out = x.new_zeros(16, 8)
            return out.scatter_reduce(0, dst.unsqueeze(1).expand_as(msg), msg, "amax", include_self=False)

        eager, compiled = _grads(aggregate, x, w, dst)
        self.assert_grads_match(eager, compiled, rtol=2e-2, atol=2e-2)

    def test_scatter_reduce_inplace_and_index_reduce_include_self(self, device):
        # Both inputs are selected from: self (through the clone saved by the in-place op) and src.
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(6, 9, generator=gen).half().to(device)
        index = torch.arange(9, device=device) // 2

        def scatter(x, index):
            v = torch.sin(x)
            target = torch.cos(v[:, :1]).expand(6, 6).contiguous()
            return target.scatter_reduce_(1, index.expand(6, 9), v, "amin", include_self=True)

        def index_reduce(x, index):
            v = torch.sin(x)
            return torch.cos(v[:, :1]).expand(6, 6).contiguous().index_reduce_(1, index, v, "amax")

        for fn in (scatter, index_reduce):
            torch._dynamo.reset()
            eager, compiled = _grads(fn, x, index)
            self.assert_grads_match(eager, compiled, rtol=1e-2, atol=4e-3)

    def test_median_without_dim_bf16(self, device):
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(7, 5, generator=gen).bfloat16().to(device)
        for op in (torch.median, torch.nanmedian):
            torch._dynamo.reset()
            eager, compiled = _grads(lambda x: op(torch.sin(x)), x)
            self.assert_grads_match(eager, compiled, rtol=2e-2, atol=2e-2)

    @inductor_config.patch({"force_disable_caches": True})
    def test_scatter_reduce_sum_is_not_rewritten(self, device):
        x = torch.randn(6, 9, device=device)
        index = torch.arange(9, device=device).expand(6, 9) // 2
        seen = [
            _joint_graph_has_copy(lambda x: x.new_zeros(6, 6).scatter_reduce(1, index, x.sin(), reduce), x)
            for reduce in ("sum", "mean", "prod", "amax")
        ]
        self.assertEqual(seen, [False, False, False, True])

    def test_func_grad_unpartitioned(self, device):
        gen = torch.Generator().manual_seed(0)
        x, y = torch.randn(4, 3, generator=gen).to(device), torch.randn(4, 3, generator=gen).to(device)
        loss = lambda x, y: torch.atan2(x, y).amin(dim=-1).sum()  # noqa: E731
        eager = torch.func.grad(loss)(x, y)
        compiled = torch.compile(torch.func.grad(loss))(x, y)
        self.assert_grads_match(eager, compiled, rtol=1e-4, atol=1e-6)

    @inductor_config.patch({"force_disable_caches": True})
    @onlyCPU
    def test_backward_computes_producer_once(self, device):
        torch.manual_seed(0)
        x = torch.randn(2, 3, requires_grad=True)
        y = torch.randn(2, 3)
        f = torch.compile(lambda x, y: torch.atan2(x, y).amin(dim=-1))

        def step(x, y):
            f(x, y).sum().backward()

        _, (fwd, bwd) = run_and_get_code(step, x, y)
        # The backward recomputes atan2 from the saved x and y, as stock does, but once: the reduction,
        # the tie count and the mask all read that one stored computation.
        FileCheck().check("atan2(").run(fwd)
        FileCheck().check_count("atan2(", 1, exactly=True).check("==").run(bwd)
        # The count of ties is a float32 sum (exact to 2**24 per row): no int64 accumulator.
        FileCheck().check_not("int64_t tmp_acc").run(bwd)
        # The extremum and the count are one-element local buffers of the kernel: the backward allocates
        # the gradient only, as it does without the pass.
        FileCheck().check("float* local_reduction_data_0 = ").check("float* local_reduction_data_1 = ").run(bwd)
        FileCheck().check_count("empty_strided_cpu(", 1, exactly=True).run(bwd)

    @inductor_config.patch({"force_disable_caches": True})
    def test_selection_read_across_checkpoint_regions(self, device):
        # The first region's extremum is read by the second region: the partitioner's cleanup_recompute_tags
        # saves it at the boundary while the copy it was reduced from is recomputed for the mask, and the mask
        # then compared the saved R with a recomputed M' (bf16: NaN in most gradient elements).
        from torch.utils.checkpoint import checkpoint

        gen = torch.Generator().manual_seed(0)
        x = torch.randn(512, 37, generator=gen).bfloat16().to(device)

        def two_regions(x):
            first = checkpoint(lambda x: torch.sin(x).amax(-1, keepdim=True), x, use_reentrant=False)
            return checkpoint(lambda r: torch.sin(2 * r) + r, first, use_reentrant=False)

        eager, compiled = _grads(two_regions, x)
        # Eager rounds 3 * x to bf16 and Inductor does not, so the tied positions may differ (as without
        # checkpoints); what the bug breaks is that every row has a gradient, and none is NaN.
        self.assertFalse(eager.isnan().any() or compiled.isnan().any())
        self.assertTrue(((compiled != 0).sum(-1) >= 1).all() and ((eager != 0).sum(-1) >= 1).all())

    @inductor_config.patch({"force_disable_caches": True})
    def test_saves_no_more_than_without_the_pass(self, device):
        # The copy is recomputed with its reduction, never saved: the backward keeps what it keeps
        # without the pass (the inputs of sin(x) * y), and not the 64x128 product.
        x = torch.randn(64, 128, device=device, requires_grad=True)
        y = torch.randn(64, 128, device=device)
        f = lambda x, y: (torch.sin(x) * y).amax(dim=-1)  # noqa: E731
        self.assertLessEqual(sum(_saved(f, x, y, enabled=True).values()), sum(_saved(f, x, y, enabled=False).values()))

    @inductor_config.patch({"force_disable_caches": True})
    def test_forward_only_tie_count_keeps_the_saved_set_without_the_pass(self, device):
        # PyTorch #195214's straight-through hard max: the tie count is read by the forward only, so its
        # copy is untagged and the partitioner recomputes it like x / s. Were the copy not recomputable,
        # the min-cut would save the softmax output (a new allocation) instead of x and its statistics.
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(16, 1024, generator=gen).bfloat16().to(device).requires_grad_(True)
        s = torch.tensor(3.0, device=device).bfloat16()

        def hard_max(x, s):
            scaled = x / s
            hit = scaled == scaled.amax(dim=-1, keepdim=True)
            soft = torch.softmax(scaled, dim=-1)
            return hit.to(scaled.dtype) / hit.sum(-1, keepdim=True) + soft - soft.detach()

        saved = [sorted(_saved(hard_max, x, s, enabled=on).values()) for on in (True, False)]
        self.assertEqual(saved[0], saved[1])

    @inductor_config.patch({"force_disable_caches": True})
    def test_forward_stores_no_copy_nothing_compares(self, device):
        x = torch.randn(64, 128, device=device, requires_grad=True)
        y = torch.randn(64, 128, device=device)
        f = torch.compile(lambda x, y: (torch.sin(x) * y).amax(dim=-1))

        def step(x, y):
            f(x, y).sum().backward()

        _, (fwd, _) = run_and_get_code(step, x, y)
        # Nothing compares or saves the copy in the forward: the reduction computes sin(x) * y as it reads it,
        # and the forward allocates its 64 results, no 64x128 copy.
        call = fwd[fwd.index("def call(") :]
        allocations = [line for line in call[: call.index("return ")].splitlines() if "empty_strided" in line]
        self.assertEqual(len(allocations), 1, allocations)
        FileCheck().check("(64, )").run(allocations[0])

    @onlyCPU
    def test_forward_matches_eager(self, device):
        # Stock's unrolled (size < 8) reduction computes scalar std::atan2 where eager is vectorized;
        # the rewritten forward reduces the stored, vectorized values.
        torch.manual_seed(0)
        x, y = torch.randn(333, 3), torch.randn(333, 3)
        f = lambda x, y: torch.atan2(x, y).amin(dim=-1)  # noqa: E731
        fixed = torch.compile(f)(x.requires_grad_(True), y).detach()
        self.assertEqual(fixed.view(torch.int32), f(x, y).detach().view(torch.int32), rtol=0, atol=0)

    def test_user_tie_count_bf16_issue_195214(self, device):
        # A user-written exact comparison with an extremum: stock compares the unrounded quotient
        # with the rounded bf16 maximum, and every tie count is 0 (a division by it gives inf).
        gen = torch.Generator().manual_seed(0)
        x, s = torch.randn(64, 256, generator=gen).bfloat16().to(device), torch.tensor(3.0, device=device).bfloat16()

        def tie_count(x, s):
            scaled = x / s
            by_amax = (scaled == scaled.amax(-1, keepdim=True)).sum(-1)
            by_max_dim = (scaled == scaled.max(-1, keepdim=True).values).sum(-1)
            return by_amax, by_max_dim

        for compiled, eager in zip(torch.compile(tie_count)(x, s), tie_count(x, s)):
            self.assertEqual(compiled, eager, rtol=0, atol=0)
            self.assertTrue((compiled >= 1).all())

    def test_user_max_dim_mask_training(self, device):
        # A mask against max(dim).values (whose own backward scatters by index), used in the forward
        # and in the backward of torch.where: both must read the stored values.
        gen = torch.Generator().manual_seed(0)
        x, s = torch.randn(64, 37, generator=gen).bfloat16().to(device), torch.tensor(3.0, device=device).bfloat16()

        def gate(x, s):
            z = x / s
            return torch.where(z == z.max(-1, keepdim=True).values, z, 0.5 * z)

        eager_x, compiled_x = x.clone().requires_grad_(True), x.clone().requires_grad_(True)
        eager, compiled = gate(eager_x, s), torch.compile(gate)(compiled_x, s)
        eager.float().sum().backward()
        compiled.float().sum().backward()
        self.assertEqual(compiled, eager, rtol=0, atol=0)
        self.assertEqual(compiled_x.grad, eager_x.grad, rtol=0, atol=0)

    @inductor_config.patch({"force_disable_caches": True})
    def test_topk_mask_is_kept_not_recomputed(self, device):
        # A top-2 router mask: topk is outside the partitioner's recompute allowlist, so without the pass
        # the mask is computed in the forward and saved. The pass keeps that: one topk per step (not a
        # second one in the backward to rebuild the mask), the same saved set, the eager gradient.
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(256, 32, generator=gen).bfloat16().to(device).requires_grad_(True)
        w = (torch.randn(32, 16, generator=gen) / 4).bfloat16().to(device)

        def router(x, w):
            probs = torch.softmax(x @ w, dim=-1)
            return probs * (probs >= probs.topk(2, dim=-1).values[..., -1:])

        saved = [sorted(_saved(router, x, w, enabled=on).values()) for on in (True, False)]
        self.assertEqual(saved[0], saved[1])
        torch._dynamo.reset()
        eager, compiled = _grads(router, x, w)
        self.assertEqual(compiled, eager, rtol=0, atol=0)
        torch._dynamo.reset()
        f = torch.compile(router)
        _, (fwd, bwd) = run_and_get_code(lambda: f(x, w).float().sum().backward())
        # One topk per step, in the forward: the backward reads the saved mask and repeats no topk.
        FileCheck().check_count("aten.topk.default(", 1, exactly=True).run(fwd)
        FileCheck().check_not("aten.topk").run(bwd)

    @inductor_config.patch({"force_disable_caches": True})
    def test_outer_dim_min_is_reduced_in_chunks_and_splits_ties_evenly(self, device):
        # amin over 1024 rows 4 KB apart (a Chamfer loss's second direction): the backward's R' and tie count
        # are reduced in chunks of 256 rows, then over the 4 chunks. Ties in different chunks still share the
        # gradient evenly (1/2, 1/3, 1/4), as in eager.
        x = torch.rand(2, 1024, 1024, generator=torch.Generator().manual_seed(0)) + 0.1
        for column, rows in enumerate([(5, 700), (10, 300, 1000), (0, 255, 256, 1023)]):
            x[:, list(rows), column] = -1.0
        x = x.to(device)

        def column_min(x):
            return torch.sin(x).amin(dim=1)

        eager, compiled = _grads(column_min, x)
        self.assertEqual(compiled, eager, rtol=1e-6, atol=0)
        for column, ties in enumerate((2, 3, 4)):
            self.assertEqual(int((compiled[0, :, column] != 0).sum()), ties)
        torch._dynamo.reset()
        xr = x.detach().clone().requires_grad_(True)
        f = torch.compile(column_min)
        _, codes = run_and_get_code(lambda: f(xr).sum().backward())
        # The per-chunk partial results: a (2, 4, 1024) buffer of the backward.
        FileCheck().check("(2, 4, 1024)").run(codes[-1])

    @onlyCUDA
    @inductor_config.patch({"force_disable_caches": True})
    def test_triton_rounds_the_copy_where_it_computes_it(self, device):
        # Triton keeps a stored value in the register it was stored from and a reduction in a register,
        # both unrounded float32: a looped bf16 amax (rows of 3000) compared the unrounded maximum with the
        # reloaded bf16 values, and every gradient was NaN. The copy is rounded where it is computed.
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(8, 3000, generator=gen).bfloat16().to(device).requires_grad_(True)
        y = torch.randn(8, 3000, generator=gen).bfloat16().to(device)
        f = torch.compile(lambda x, y: torch.sin(x * y).amax(dim=-1))
        _, (fwd, bwd) = run_and_get_code(lambda: f(x, y).float().sum().backward())
        FileCheck().check("tl_math.sin(").check(".to(tl.bfloat16)").check("tl.store(").check("==").run(bwd)
        xe = x.detach().clone().requires_grad_(True)
        (torch.sin(xe * y).amax(dim=-1)).float().sum().backward()
        self.assert_grads_match(xe.grad, x.grad, rtol=2e-2, atol=2e-2)

    @inductor_config.patch({"force_disable_caches": True})
    def test_disabled_by_config_leaves_the_graph_alone(self, device):
        # The switch turns the pass off: no copy in the joint graph, and the compiled code is stock's.
        x, y = torch.randn(2, 3, device=device), torch.randn(2, 3, device=device)
        seen = []
        for enabled in (True, False):
            with inductor_config.patch(materialize_equality_mask_reductions=enabled):
                seen.append(_joint_graph_has_copy(lambda x, y: torch.atan2(x, y).amin(dim=-1), x, y))
        self.assertEqual(seen, [True, False])

    @inductor_config.patch({"force_disable_caches": True})
    def test_scatter_backward_repeats_no_scatter(self, device):
        # A graph network's max aggregation (fp32): scatter_reduce is a fallback kernel, so recomputing R' for the mask
        # would run the whole scatter again in the backward, over a new edge-sized copy. The mask is computed in
        # the forward, from the values the scatter reduced, and kept as bits.
        gen = torch.Generator().manual_seed(0)
        x = torch.randn(256, 8, generator=gen).to(device)
        w = torch.randn(256, 8, generator=gen).to(device)
        dst = torch.randint(0, 32, (256,), generator=gen).to(device)

        def aggregate(x, w, dst):
            msg = torch.sin(x) * w
            return x.new_zeros(32, 8).scatter_reduce(0, dst.unsqueeze(1).expand_as(msg), msg, "amax", include_self=False)

        eager, compiled = _grads(aggregate, x, w, dst)
        self.assert_grads_match(eager, compiled, rtol=1e-5, atol=1e-6)
        torch._dynamo.reset()
        f = torch.compile(aggregate)
        xr = x.clone().requires_grad_(True)
        _, (fwd, bwd) = run_and_get_code(lambda: f(xr, w, dst).float().sum().backward())
        # The backward's scatter of the tie count (reduce='sum') is autograd's own, with or without the pass.
        FileCheck().check("reduce='amax'").run(fwd)
        FileCheck().check_not("reduce='amax'").run(bwd)

    @inductor_config.patch({"force_disable_caches": True})
    def test_tie_count_is_a_float32_sum(self, device):
        # The backward of amin divides by the count of ties. Autograd counts in int64 (8 bytes per row, twice
        # the float32 extremum beside it); a count of at most 2**24 booleans is exact in float32, in any order.
        from torch._inductor.custom_graph_pass import CustomGraphPass

        counts = []

        class Spy(CustomGraphPass):  # post-grad: the partitioned forward and backward
            def __call__(self, graph):
                for n in graph.nodes:
                    val = n.meta.get("val")
                    if n.target is torch.ops.aten.sum.dim_IntList and n.args[0].meta["val"].dtype == torch.bool:
                        counts.append(val.dtype)

            def uuid(self):
                return None

        gen = torch.Generator().manual_seed(0)
        x, y = torch.randn(64, 5, generator=gen).to(device), torch.randn(64, 5, generator=gen).to(device)
        with inductor_config.patch(post_grad_custom_post_pass=Spy()):
            eager, compiled = _grads(lambda x, y: torch.atan2(x, y).amin(dim=-1), x, y)
        self.assert_grads_match(eager, compiled, rtol=1e-6, atol=0)
        self.assertEqual(counts, [torch.float32])


def _joint_graph_has_copy(fn, *args):
    """Whether the joint graph of a compiled training step of ``fn`` (its first argument requiring grad) has a copy."""
    from torch._inductor.custom_graph_pass import CustomGraphPass

    seen = []

    class Spy(CustomGraphPass):  # runs after the rewrite
        def __call__(self, graph):
            materialize = torch.ops.prims.inductor_materialize.default
            seen.append(any(n.target is materialize for n in graph.nodes))

        def uuid(self):
            return None

    torch._dynamo.reset()
    with inductor_config.patch(joint_custom_post_pass=Spy()):
        torch.compile(fn)(args[0].clone().requires_grad_(True), *args[1:]).sum().backward()
    return any(seen)


instantiate_device_type_tests(EqualityMaskReductionTests, globals(), only_for=("cpu", "cuda"))

if __name__ == "__main__":
    if HAS_CPU:
        run_tests()
