"""Zero impact where the fix is not needed: identical generated code with the fix on and off.

Controls: a reduction whose reduced value is a graph input (its mask is already exact), the
inf-norm of a graph input (``abs`` of an input is exact), softmax and log-softmax (``amax`` inside,
no equality-mask backward), a graph without any reduction, and the scatter-style ops that compute new
values (``scatter_reduce`` sum/mean/prod, ``index_add``: no equality mask) of a computed value.
User-written masks that the rule leaves alone, in training and forward-only graphs: a comparison with a
*different* tensor's extremum, with a constant, and between graph inputs (an input and its own max).
"""

import pytest
import torch

import torch_patch
from torch_patch.testing.cases import scatter_index, scatter_target
from torch_patch.testing.codegen import compiled_code
from torch_patch.graph.plan import plan_rewrites

CONTROLS = {
    "amin_of_input": lambda x: x.amin(dim=-1),
    "max_of_input": lambda x: x.max(),
    "inf_norm_of_input": lambda x: torch.linalg.vector_norm(x, ord=float("inf"), dim=-1),
    "softmax": lambda x: torch.softmax(x.sin(), dim=-1),
    "log_softmax": lambda x: torch.log_softmax(x * 2, dim=-1),
    "no_reduction": lambda x: torch.atan2(x, x.cos()).sum(),
    "scatter_sum": lambda x: _scatter(x.sin(), "sum"),
    "scatter_mean": lambda x: _scatter(x.sin(), "mean"),
    "scatter_prod": lambda x: _scatter(x.sin(), "prod"),
    "index_add": lambda x: scatter_target(x, "zeros").index_add(-1, scatter_index(x)[0], x.sin()),
}

#: User-written comparisons outside the rule.
MASK_CONTROLS = {
    "mask_other_tensors_max": lambda x: torch.where(x.sin() >= x.cos().max(-1, keepdim=True).values, x.sin(), x),
    "mask_constant": lambda x: torch.where(x.sin() > 0.5, x.sin(), x),
    "mask_inputs": lambda x: torch.where(x == x.max(-1, keepdim=True).values, x, 0.5 * x),
}


def _scatter(v, reduce):
    return scatter_target(v, "zeros").scatter_reduce(-1, scatter_index(v), v, reduce, include_self=False)


def _train_code(f, dtype, train: bool = True):
    """The generated modules of a training step of ``f`` (forward and backward), or with
    ``train=False`` of ``f`` under ``torch.no_grad()`` (one inference module)."""
    torch._dynamo.reset()
    x = torch.randn(16, 37, dtype=dtype, requires_grad=train)

    def step(x):
        out = f(x)
        if train:
            out.float().sum().backward()
        return out

    with torch.set_grad_enabled(train):
        _, codes = compiled_code(torch.compile(step), x)
    return codes


def _assert_stock_code(f, dtype, train: bool = True):
    torch_patch.uninstall()
    try:
        stock = _train_code(f, dtype, train)
    finally:
        torch_patch.install()
    fixed = _train_code(f, dtype, train)
    assert len(stock) == len(fixed) >= (2 if train else 1)  # forward and backward, or inference
    for s, f in zip(stock, fixed):
        assert s == f


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16], ids=["fp32", "bf16"])
@pytest.mark.parametrize("name", list(CONTROLS))
def test_control_compiles_to_stock_kernels(name, dtype):
    _assert_stock_code(CONTROLS[name], dtype)


@pytest.mark.parametrize("train", [True, False], ids=["train", "no_grad"])
@pytest.mark.parametrize("name", list(MASK_CONTROLS))
def test_mask_control_compiles_to_stock_kernels(name, train):
    _assert_stock_code(MASK_CONTROLS[name], torch.bfloat16, train)


@pytest.mark.parametrize(
    "f, train",
    [
        (lambda x: torch.atan2(x, x.cos()).amin(dim=-1), True),
        (lambda x: torch.where(x.sin() >= x.sin().max(-1, keepdim=True).values, x.sin(), x), False),
    ],
    ids=["amin_train", "own_max_mask_no_grad"],
)
def test_changed_graph_is_detected_by_the_same_comparison(f, train):
    """The comparison above can fail: on a graph the fix rewrites, fix-on code differs."""
    torch_patch.uninstall()
    try:
        stock = _train_code(f, torch.bfloat16, train)
    finally:
        torch_patch.install()
    assert stock != _train_code(f, torch.bfloat16, train)


def test_pass_plans_nothing_for_softmax_joint_graph():
    from torch._inductor import config
    from torch._inductor.custom_graph_pass import CustomGraphPass

    seen = []

    class Spy(CustomGraphPass):
        def __call__(self, graph):
            seen.append(len(plan_rewrites(graph)[0]))

        def uuid(self):
            return None  # bypasses the cache: the spy must see the graph

    previous = config.joint_custom_post_pass
    config.joint_custom_post_pass = Spy()  # one pass: torch < 2.13 runs no lists
    try:
        torch._dynamo.reset()
        x = torch.randn(8, 9, requires_grad=True)
        torch.compile(lambda x: torch.softmax(x.sin(), -1))(x).sum().backward()
    finally:
        config.joint_custom_post_pass = previous
    assert seen == [0]
