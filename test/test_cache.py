"""Inductor's FX-graph cache and the AOTAutograd cache key on the fix, and are not bypassed.

Four processes share one fresh cache directory: stock compiles a bf16 ``(x * y).amin(-1)`` (cold; its
gradient is NaN on every supported torch, where the fp32 seed is right on stock 2.9), the fix compiles it
(must miss, not be served the stock artifact), the fix again (must hit, still right), stock again (must
hit its own artifact and be as wrong as stock is).
"""

import json
import textwrap

from conftest import run_python
from package_imports import package_imports

CODE = textwrap.dedent(
    """
    import json, torch, torch_patch
    from torch._dynamo.utils import counters
    torch.manual_seed(0)
    x = torch.randn(8, 64).bfloat16().requires_grad_(True); y = torch.randn(8, 64).bfloat16()
    f = lambda x, y: (x * y).amin(dim=-1)
    torch.compile(f)(x, y).float().sum().backward()
    x_eager = x.detach().clone().requires_grad_(True)
    f(x_eager, y).float().sum().backward()
    print(json.dumps({
        "nan": bool(x.grad.isnan().any()),
        "right": bool(torch.allclose(x.grad.float(), x_eager.grad.float(), rtol=2e-2, atol=2e-2)),
        "installed": torch_patch.is_installed(),
        "inductor": dict(counters["inductor"]),
        "aot": dict(counters["aot_autograd"]),
    }))
    """
)


def _run(cache_dir, fix):
    proc = run_python(CODE, env={} if fix else {"TORCH_PATCH_DISABLE": "1"}, cache_dir=cache_dir)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_caches_key_on_the_fix_across_processes(tmp_path):
    cache_dir = str(tmp_path / "inductor_cache")
    stock = _run(cache_dir, fix=False)
    fixed = _run(cache_dir, fix=True)
    fixed_again = _run(cache_dir, fix=True)
    stock_again = _run(cache_dir, fix=False)

    assert stock["nan"] and not stock["installed"]  # the bug, cold
    # Fix on after a stock compile in the same cache: a miss, never the stock artifact.
    assert fixed["installed"] and fixed["right"] and not fixed["nan"]
    assert fixed["inductor"].get("fxgraph_cache_hit", 0) == 0
    assert fixed["aot"].get("autograd_cache_hit", 0) == 0
    # Same fix again: served from both caches (not bypassed), and still right.
    assert fixed_again["inductor"].get("fxgraph_cache_hit", 0) >= 1
    assert fixed_again["aot"].get("autograd_cache_hit", 0) >= 1
    assert fixed_again["right"] and not fixed_again["nan"]
    for run in (stock, fixed, fixed_again, stock_again):
        assert run["inductor"].get("fxgraph_cache_bypass", 0) == 0, run
        assert run["aot"].get("autograd_cache_bypass", 0) == 0, run
    # Stock again: its own artifact, never the fixed one.
    assert stock_again["aot"].get("autograd_cache_hit", 0) >= 1
    assert stock_again["nan"]


def test_cache_key_covers_every_module_the_pass_and_patches_import():
    """``uuid()`` hashes ``joint_pass.CODE_FILES``: every module the pass or an Inductor patch imports, directly
    or not (a package's ``__init__`` included: importing a module runs it), must be in it (the package itself and
    its user tools are not code the compile runs)."""
    from torch_patch import inductor
    from torch_patch.graph import joint_pass

    imports = package_imports()
    todo = ["torch_patch.graph.joint_pass", *(f"torch_patch.inductor.{patch.module}" for patch in inductor.PATCHES)]
    reached = set()
    while todo:
        module = todo.pop()
        if module in reached or module == "torch_patch":
            continue
        reached.add(module)
        todo.extend(imports.get(module, ()))
        todo.append(module.rpartition(".")[0])
    listed = {"torch_patch." + name.removesuffix(".py").replace("/", ".").removesuffix(".__init__") for name in joint_pass.CODE_FILES}
    assert reached - listed == set(), f"imported by the pass or a patch but not in CODE_FILES: {sorted(reached - listed)}"
    assert listed - reached == set(), f"in CODE_FILES but imported by nothing the compile runs: {sorted(listed - reached)}"
