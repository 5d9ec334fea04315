# Owner(s): ["module: inductor"]
import torch
from torch._dynamo.utils import counters
from torch._inductor.test_case import run_tests, TestCase
from torch.testing._internal.common_device_type import (
    dtypes,
    instantiate_device_type_tests,
)
from torch.testing._internal.inductor_utils import GPU_TYPE


def _grad(fn, x, *args, compiled):
    x = x.detach().clone().requires_grad_()
    f = torch.compile(fn, fullgraph=True) if compiled else fn
    f(x, *args).float().sum().backward()
    return x.grad


class EqualityMaskReductionsTest(TestCase):
    def _check(self, fn, x, *args):
        torch._dynamo.reset()
        counters.clear()
        eager, compiled = (_grad(fn, x, *args, compiled=c) for c in (False, True))
        self.assertGreater(counters["inductor"]["equality_mask_reductions"], 0)
        self.assertFalse(compiled.isnan().any())
        self.assertEqual((compiled != 0).sum(-1), (eager != 0).sum(-1))
        self.assertEqual(compiled, eager)

    def test_amin_of_atan2(self, device):
        # PyTorch #186799: rows of 3 are unrolled scalar code in the forward, vectorized in the backward.
        x, y = (torch.randn(4096, 3, device=device) for _ in range(2))
        self._check(lambda x, y: torch.atan2(x, y).amin(-1), x, y)

    @dtypes(torch.bfloat16, torch.float16)
    def test_low_precision_reductions(self, device, dtype):
        # Rows on both sides of the persistent/looped reduction threshold: the mask must compare the
        # rounded values that the reduction selected from, whatever kernel each lands in.
        for n in (3, 37, 3000):
            x = torch.randn(16, n, device=device, dtype=dtype)
            self._check(lambda x: (1.7 * x).amax(-1), x)
            self._check(lambda x: (1.7 * x).amin(0), x)
            self._check(lambda x: (1.7 * x).max(), x)

    def test_inf_norm(self, device):
        x, y = (torch.randn(16, 7, device=device) for _ in range(2))
        self._check(lambda x, y: torch.linalg.vector_norm(torch.atan2(x, y), ord=float("inf"), dim=-1), x, y)

    def test_ties_split_evenly(self, device):
        x = torch.tensor([[1.0, 3.0, 3.0, 2.0]], device=device)
        grad = _grad(lambda x: (x * 2).amax(-1), x, compiled=True)
        self.assertEqual(grad, torch.tensor([[0.0, 1.0, 1.0, 0.0]], device=device))

    def test_reduction_of_an_input_is_left_alone(self, device):
        # Every reader loads an input exactly: nothing to rewrite, the kernels stay as they were.
        counters.clear()
        grad = _grad(lambda x: x.amax(-1), torch.randn(8, 37, device=device), compiled=True)
        self.assertEqual(counters["inductor"]["equality_mask_reductions"], 0)
        self.assertEqual(grad.sum(), 8)


instantiate_device_type_tests(EqualityMaskReductionsTest, globals(), only_for=("cpu", GPU_TYPE))

if __name__ == "__main__":
    run_tests()
