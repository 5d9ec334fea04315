"""The seed repro of PyTorch #186799, exactly as reported."""

import torch


def _seed_grad():
    torch.manual_seed(0)
    x = torch.randn(2, 3, requires_grad=True)
    y = torch.randn(2, 3)
    f = lambda x, y: torch.atan2(x, y).amin(dim=-1)  # noqa: E731
    eager_x = x.detach().clone().requires_grad_(True)
    f(eager_x, y).sum().backward()
    out = torch.compile(f)(x, y)
    out.sum().backward()
    return eager_x.grad, x.grad, out


def test_seed_is_wrong_on_stock(fix_off):
    eager, compiled, _ = _seed_grad()
    # Row 0's argmin gradient is dropped by stock compile (the report's -0.1366 becomes -0.0).
    assert eager[0, 2].item() != 0.0
    assert compiled[0, 2].item() == 0.0


def test_seed_matches_eager_with_fix(fix_on):
    eager, compiled, _ = _seed_grad()
    torch.testing.assert_close(compiled, eager, rtol=1e-6, atol=0)
    assert torch.equal(eager != 0, compiled != 0)
    assert abs(compiled[0, 2].item() - (-0.1366)) < 1e-4


def test_seed_forward_bitwise_equal_to_stock():
    import torch_patch

    torch_patch.uninstall()
    try:
        _, _, stock_out = _seed_grad()
    finally:
        torch_patch.install()
    torch._dynamo.reset()
    _, _, fixed_out = _seed_grad()
    assert torch.equal(stock_out.view(torch.int32), fixed_out.detach().view(torch.int32))
