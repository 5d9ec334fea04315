"""Bad or unusual input behaves exactly as on stock torch with the fix installed.

For each input, the compiled function's outcome (result, or exception type) with the fix on must be
the outcome with the fix off.
"""

import pytest
import torch

import torch_patch


def _outcome(fn, *args, grad=False):
    torch._dynamo.reset()
    args = [a.detach().clone().requires_grad_(True) if grad and i == 0 else a for i, a in enumerate(args)]
    try:
        out = fn(*args)
        if grad:
            out.float().sum().backward()
            return ("ok", out.detach(), args[0].grad)
        return ("ok", out)
    except Exception as exc:  # noqa: BLE001 - the exception type is the outcome
        return ("error", type(exc).__name__)


def _both(make_fn, *args, grad=False):
    torch_patch.uninstall()
    try:
        stock = _outcome(make_fn(), *args, grad=grad)
    finally:
        torch_patch.install()
    return stock, _outcome(make_fn(), *args, grad=grad)


def _assert_same(stock, fixed):
    assert stock[0] == fixed[0], (stock, fixed)
    if stock[0] == "error":
        assert stock[1] == fixed[1]
    else:
        for a, b in zip(stock[1:], fixed[1:]):
            torch.testing.assert_close(b, a, equal_nan=True)


def _compiled(f, **kwargs):
    return lambda: torch.compile(f, **kwargs)


def _graph_break_fn(x):
    v = torch.atan2(x, x.cos())
    torch._dynamo.graph_break()
    return v.amin(-1)


CASES = {
    "empty_reduced_dim": (lambda x: x.sin().amin(-1), torch.randn(4, 0), True),
    "empty_full_max": (lambda x: x.sin().max(), torch.randn(0, 3), True),
    "integer_input": (lambda x: (x * 3 + 1).amax(-1), torch.randint(-5, 5, (4, 7)), False),
    "bool_input": (lambda x: (x & x).amax(-1), torch.rand(4, 7) > 0.5, False),
    "complex_input": (lambda x: (x * 2).abs().amax(-1) + x.real.amin(-1), torch.randn(4, 7, dtype=torch.complex64), True),
    "complex_amin_error": (lambda x: (x * 2).amin(-1), torch.randn(4, 7, dtype=torch.complex64), False),
    "no_requires_grad": (lambda x: torch.atan2(x, x.cos()).amin(-1), torch.randn(4, 7), False),
    "graph_break": (_graph_break_fn, torch.randn(4, 7), True),
}


@pytest.mark.parametrize("name", list(CASES))
def test_same_outcome_as_stock(name):
    f, x, grad = CASES[name]
    _assert_same(*_both(_compiled(f), x, grad=grad))


def test_fullgraph_with_graph_break_raises_as_stock():
    stock, fixed = _both(_compiled(_graph_break_fn, fullgraph=True), torch.randn(4, 7), grad=True)
    assert stock[0] == "error" and stock == fixed


def test_graph_break_gradient_is_fixed():
    """Across a graph break the reduction sits in its own graph; the fix still applies there."""
    torch.manual_seed(0)
    x = torch.randn(2, 3)
    y = torch.randn(2, 3)

    def f(x, y):
        v = torch.atan2(x, y)
        torch._dynamo.graph_break()
        return torch.atan2(x, y).amin(-1) + 0 * v.sum()

    eager = _outcome(f, x, y, grad=True)
    fixed = _outcome(torch.compile(f), x, y, grad=True)
    torch.testing.assert_close(fixed[2], eager[2], rtol=1e-6, atol=0)
