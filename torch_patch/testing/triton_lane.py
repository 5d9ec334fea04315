"""The Triton lane: Inductor's Triton code for CPU tensors, run by Triton's interpreter (test code only).

Why it exists: users who train on a GPU run the kernels Inductor generates for Triton, not the C++ ones,
and no GPU is needed to generate and run them.  ``torch._inductor.config.cpu_backend = "triton"`` makes
Inductor schedule CPU tensors with ``TritonScheduling`` (the same persistent and looped reductions, CSE,
store cache and casts that CUDA gets), and ``TRITON_INTERPRET=1`` makes ``@triton.jit`` kernels run in
numpy.  What the lane proves is the kernels' *structure*: what is rounded, stored, reloaded and compared.
Its numerics are numpy's, not CUDA libdevice's, and its timings mean nothing.

Three things stand between a CPU-only machine and that, each worked around here and nowhere else
(``import torch_patch`` never imports this module):

1. ``triton.runtime.driver`` finds no active driver.  An active driver object whose
   ``get_current_target()`` is a CUDA target (``GPUTarget("cuda", 90, 32)``) lets Inductor's codegen and
   the interpreter run.
2. ``libdevice`` functions are extern calls, which the interpreter cannot execute (they return None).
   Those that Inductor emits get numpy bodies, by name (``LIBDEVICE_NUMPY``).
3. The interpreter converts float32 to bfloat16 by truncation (its round-to-nearest-even, used only when a
   kernel asks for it, does not carry into the exponent), and fails on a broadcast array ("cannot
   reshape array of size 2 into shape (1,8)") and on a comparison's bool data, which it labels with
   its operands' float type.  A GPU rounds to nearest even, as eager does; here the
   conversions between float32, bfloat16 and float16 are torch's own (``_convert_float``).  Without
   this the lane's bf16 stores were an ulp below eager's in half the elements.
4. Python's ``not`` cannot act per element: the interpreter runs a kernel's Python as it is, and a block
   tensor's truth value is always True there, so Inductor's ``maximum_with_index`` (``a_isnan & (not
   b_isnan)``, which the Triton compiler lowers elementwise) ignored NaN: ``max(dim)`` of a row holding
   NaN returned a number.  The helpers of ``triton_helpers`` that apply ``not`` to an operand of ``&``/
   ``|`` are redefined with ``(x == 0)`` in its place (``_elementwise_not``), the operation the compiler
   emits.
5. The interpreter reduces with a custom combine function (Inductor's NaN-propagating ``maximum``,
   Welford, argmax with index) one element at a time, each call re-patching ``triton.language``: a
   16x3000 bf16 ``amax`` backward took 86 s.  Here the same combine function is applied to halves of
   the block, log2(n) calls instead of n (``_tree_reduce``).  It is the same function in another
   association order, the order a GPU's tree reduction uses; Inductor's combine functions are
   associative.
6. The interpreter's atomics take no bfloat16 ("Unsupported data type": the ``index_put`` accumulation of a
   gather's backward, ``x[src]`` in a graph network), where sm_90 has them.  A bf16 atomic add is done here
   lane by lane, each a read, a float32 add and a round to nearest even, as the GPU's read-modify-write does
   (``_atomic_add_bf16``).
7. ``config.triton.multi_kernel`` names its run-time choice by the kernel's ``cache_key``, which only a
   compiled ``JITFunction`` has: an interpreted one gets a hash of its source.

Pinned pairs (the ones this project runs): torch 2.13.0 with triton 3.8.0, torch 2.15.0 with the triton
3.9.0 its wheel installs (``scripts/setup_venv.sh`` installs the pin).  ``lane_unavailable()`` says why the
lane cannot run here (no triton, a CUDA device present, an API this helper does not know), so tests skip
with that reason instead of failing.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
from collections.abc import Callable, Iterator

import numpy as np
import torch

log = logging.getLogger(__name__)

#: The environment switch that runs the test suite on the lane (``test/conftest.py``), and its value.
BACKEND_ENV = "TORCH_PATCH_BACKEND"
TRITON = "triton"

_installed = False


def requested() -> bool:
    """Whether ``TORCH_PATCH_BACKEND=triton`` asks for the lane."""
    return os.environ.get(BACKEND_ENV, "").strip().lower() == TRITON


def lane_unavailable(check_interpreter: bool = True) -> str | None:
    """Why the lane cannot run in this process, or None when it can.  ``check_interpreter=False`` asks only
    whether it could run in a new process (``interpreter_env``): triton importable, no CUDA device."""
    try:
        import triton
        import triton.language as tl
        from triton.backends.compiler import GPUTarget  # noqa: F401
        from triton.backends.driver import DriverBase  # noqa: F401
        from triton.runtime import interpreter  # noqa: F401
    except Exception as exc:  # noqa: BLE001 - any import failure means no lane
        return f"triton is not importable ({exc!r}); install the pinned triton (scripts/setup_venv.sh)"
    if torch.cuda.is_available():
        return "a CUDA device is present: run the same tests on it (scripts/gpu_check.sh), not the interpreter"
    if not hasattr(interpreter, "ReduceOps") or not hasattr(interpreter, "TensorHandle"):
        return f"triton {triton.__version__}'s interpreter lacks ReduceOps/TensorHandle (this helper knows 3.8-3.9)"
    if check_interpreter and not isinstance(tl.zeros, interpreter.InterpretedFunction):
        return (
            "triton was imported before TRITON_INTERPRET=1 was set (triton.jit reads it when it decorates a "
            "function, and torch imports triton's language early): set TRITON_INTERPRET=1 in the environment "
            f"before Python starts, or {BACKEND_ENV}=triton for the tests (test/conftest.py sets it first)"
        )
    return None


def install() -> None:
    """Make the current process able to run Inductor's Triton code on CPU tensors (idempotent).

    Installs the fake CUDA driver, the libdevice bodies and the tree reduction.  ``TRITON_INTERPRET=1``
    must already be in the environment when triton is first imported (``interpreter_env()``).  Raises
    RuntimeError with ``lane_unavailable()``'s reason where the lane cannot run.
    """
    global _installed
    if _installed:
        return
    reason = lane_unavailable()
    if reason:
        raise RuntimeError(f"torch_patch Triton lane: {reason}")
    _install_driver()
    _install_libdevice()
    _install_float_conversion()
    _install_elementwise_not()
    _install_tree_reduce()
    _install_cache_key()
    _install_bf16_atomic_add()
    _installed = True
    log.info("Triton lane: interpreter, fake CUDA driver, numpy libdevice and tree reductions installed")


def interpreter_env(env: dict | None = None) -> dict:
    """``env`` (default: this process's environment) with what a process needs for the lane from its start:
    ``TRITON_INTERPRET=1`` and the backend switch."""
    env = dict(os.environ if env is None else env)
    env["TRITON_INTERPRET"] = "1"
    env[BACKEND_ENV] = TRITON
    return env


def enter_lane(command: list[str] | None = None) -> str | None:
    """Put this process on the lane for a command-line tool; returns why it cannot, or None.

    Where ``TRITON_INTERPRET=1`` was not set when Python started and ``command`` is given (what follows
    ``python`` on the tool's command line: ``["-m", "torch_patch.testing.fuzz"]`` or a script's path), the
    tool is started again (``os.execve``, with ``sys.argv[1:]``) with the lane's environment; a caller's
    process (``command`` None) is never replaced.  Then the lane is installed and Inductor's configuration
    switched to it for the rest of the process.
    """
    import sys

    if os.environ.get("TRITON_INTERPRET") != "1" and command is not None:
        log.info("Triton lane: starting %s again with TRITON_INTERPRET=1", " ".join(command))
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(sys.executable, [sys.executable, *command, *sys.argv[1:]], interpreter_env())
    reason = lane_unavailable()
    if reason:
        return reason
    install()
    for name, value in inductor_config().items():
        setattr(torch._inductor.config, name, value)
    return None


def inductor_config() -> dict:
    """The Inductor options of the lane: Triton for CPU tensors, compiled in this process (a compile
    worker would not have this module's patches)."""
    return {"cpu_backend": "triton", "compile_threads": 1}


@contextlib.contextmanager
def triton_lane() -> Iterator[None]:
    """Compile with Inductor's Triton backend, run by the interpreter, inside the block."""
    install()
    with torch._inductor.config.patch(inductor_config()):
        yield


# --- 1. the driver -----------------------------------------------------------------------------------


def _install_driver() -> None:
    from triton.backends.compiler import GPUTarget
    from triton.backends.driver import DriverBase
    from triton.runtime.driver import driver

    class InterpreterCudaDriver(DriverBase):
        """Reports a CUDA target, so that Inductor generates the code it generates for an sm_90 GPU."""

        @classmethod
        def is_active(cls) -> bool:
            return True

        def get_current_target(self):
            return GPUTarget("cuda", 90, 32)

        def get_current_device(self) -> int:
            return 0

        def get_current_stream(self, device=None) -> int:
            return 0

        def get_active_torch_device(self):
            return torch.device("cpu")

        def get_device_interface(self):
            return torch.cpu

        def get_benchmarker(self):
            from triton.testing import do_bench

            return do_bench

        def get_empty_cache_for_benchmark(self):
            return torch.empty(1)

        def clear_cache(self, cache) -> None:
            pass

        def map_python_to_cpp_type(self, ty: str) -> str:
            return ty

    driver.set_active(InterpreterCudaDriver())


# --- 2. libdevice --------------------------------------------------------------------------------------


def _vectorize(fn: Callable) -> Callable:
    vec = np.vectorize(fn, otypes=[np.float64])
    return lambda *a: vec(*a)


#: numpy bodies of the libdevice functions Inductor's Triton codegen emits (``libdevice.<name>``), by name.
#: Predicates return bool arrays; everything else is computed in float64 and cast back to the first
#: floating argument's dtype (the interpreter computes in float32 like the GPU, but not with its ulps).
LIBDEVICE_NUMPY: dict[str, Callable] = {
    "isnan": np.isnan,
    "isinf": np.isinf,
    "signbit": np.signbit,
    "atan2": np.arctan2,
    "tanh": np.tanh,
    "fast_tanhf": np.tanh,
    "tan": np.tan,
    "sinh": np.sinh,
    "cosh": np.cosh,
    "asinh": np.arcsinh,
    "acosh": np.arccosh,
    "atanh": np.arctanh,
    "atan": np.arctan,
    "asin": np.arcsin,
    "acos": np.arccos,
    "sin": np.sin,
    "cos": np.cos,
    "exp": np.exp,
    "exp2": np.exp2,
    "expm1": np.expm1,
    "log": np.log,
    "log2": np.log2,
    "log10": np.log10,
    "log1p": np.log1p,
    "rsqrt": lambda x: 1.0 / np.sqrt(x),
    "sqrt": np.sqrt,
    "pow": np.power,
    "fmod": np.fmod,
    "hypot": np.hypot,
    "copysign": np.copysign,
    "nextafter": np.nextafter,
    "nextafterf": np.nextafter,
    "floor": np.floor,
    "ceil": np.ceil,
    "trunc": np.trunc,
    "nearbyint": np.rint,
    "llrint": lambda x: np.rint(x).astype(np.int64),
    "ldexp": lambda x, e: np.ldexp(x, np.asarray(e, dtype=np.int32)),
    "ilogb": lambda x: np.floor(np.log2(np.abs(x))).astype(np.int32),
    "erf": _vectorize(math.erf),
    "erfc": _vectorize(math.erfc),
    "lgamma": _vectorize(math.lgamma),
    "erfinv": _vectorize(lambda y: _erfinv(y)),
}


def _erfinv(y: float) -> float:
    """Inverse error function by Newton steps on ``math.erf`` (float64 accurate)."""
    if y <= -1.0:
        return -math.inf if y == -1.0 else math.nan
    if y >= 1.0:
        return math.inf if y == 1.0 else math.nan
    x = 0.0
    for _ in range(60):
        step = (math.erf(x) - y) / (2.0 / math.sqrt(math.pi) * math.exp(-x * x))
        x -= step
        if abs(step) < 1e-17:
            break
    return x


def _install_libdevice() -> None:
    from torch._inductor.runtime import triton_helpers

    module = triton_helpers.libdevice
    for name, fn in LIBDEVICE_NUMPY.items():
        if hasattr(module, name) or name in ("fast_tanhf", "nextafterf"):
            setattr(module, name, _libdevice_call(name, fn))


def _libdevice_call(name: str, fn: Callable) -> Callable:
    import triton.language as tl
    from triton.runtime.interpreter import TensorHandle, _get_np_dtype

    def call(*args, **kwargs):
        tensors = [a for a in args if isinstance(a, tl.core.tensor)]
        if not tensors:
            raise TypeError(f"libdevice.{name}: the interpreter lane expects tensor arguments, got {args!r}")
        first = tensors[0]
        datas = [a.handle.data if isinstance(a, tl.core.tensor) else a for a in args]
        result = np.asarray(fn(*datas))
        if result.dtype == np.bool_:
            scalar = tl.int1
        elif np.issubdtype(result.dtype, np.integer):
            scalar = tl.int64 if result.dtype == np.int64 else tl.int32
        else:
            scalar = next((t.dtype.scalar for t in tensors if t.dtype.scalar.is_floating()), first.dtype.scalar)
        result = result.astype(_get_np_dtype(scalar))
        shape = list(result.shape)
        block = any(t.type.is_block() for t in tensors)
        ty = tl.block_type(scalar, shape) if block and shape else scalar
        return tl.core.tensor(TensorHandle(result, scalar), ty)

    call.__name__ = name
    return call


# --- 3. float conversions ---------------------------------------------------------------------------


def _install_float_conversion() -> None:
    from triton.runtime import interpreter

    original = interpreter._convert_float
    if getattr(original, "_torch_patch_lane", False):
        return

    def convert_float(input, input_dtype, output_dtype, rounding_mode):
        src, dst = _TORCH_FLOATS.get(input_dtype.name), _TORCH_FLOATS.get(output_dtype.name)
        if src is None or dst is None or (rounding_mode is not None and rounding_mode != _rtne()):
            return original(np.ascontiguousarray(input), input_dtype, output_dtype, rounding_mode)
        bits_out = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[dst.itemsize]
        if input.dtype == np.bool_:
            # A comparison's result keeps its operands' float label in the interpreter (``binary_op``),
            # while its data is bool: convert the truth values, as the compiled cast of an i1 does.
            value = torch.from_numpy(np.ascontiguousarray(input)).to(torch.float32)
        else:
            raw = np.ascontiguousarray(input).view(f"int{input_dtype.primitive_bitwidth}")
            value = torch.from_numpy(raw).view(src)
        out = value.to(dst).view(bits_out).numpy()
        return out.view(getattr(np, f"uint{output_dtype.primitive_bitwidth}")).reshape(input.shape)

    convert_float._torch_patch_lane = True
    interpreter._convert_float = convert_float


#: Triton float types (by name) whose conversions the lane does with torch's round-to-nearest-even.
_TORCH_FLOATS = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16, "fp64": torch.float64}


def _rtne():
    from triton._C.libtriton import ir

    return ir.ROUNDING_MODE.RTNE


# --- 4. ``not`` per element ---------------------------------------------------------------------------


def _install_elementwise_not() -> None:
    import ast
    import inspect
    import linecache
    import textwrap

    import triton
    from torch._inductor.runtime import triton_helpers
    from triton.runtime.interpreter import InterpretedFunction

    class ElementwiseNot(ast.NodeTransformer):
        def visit_BinOp(self, node):
            self.generic_visit(node)
            if isinstance(node.op, (ast.BitAnd, ast.BitOr)):
                node.left, node.right = map(_not_to_eq_zero, (node.left, node.right))
            return node

    for name, member in vars(triton_helpers).copy().items():
        fn = getattr(member, "fn", None)
        if not isinstance(member, InterpretedFunction) or fn is None:
            continue
        tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
        before = ast.dump(tree)
        tree = ElementwiseNot().visit(tree)
        if ast.dump(tree) == before:
            continue
        func = tree.body[0]
        func.decorator_list = []
        # The interpreter reads a function's source back (inspect) to rewrite it: give it this source.
        source = ast.unparse(tree) + "\n"
        filename = f"<torch_patch triton lane: triton_helpers.{name}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(keepends=True), filename)
        namespace: dict = {}
        exec(compile(source, filename, "exec"), fn.__globals__, namespace)
        setattr(triton_helpers, name, triton.jit(namespace[func.name]))
        log.debug("Triton lane: triton_helpers.%s redefined with elementwise 'not'", name)


def _not_to_eq_zero(node):
    import ast

    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return ast.Compare(left=node.operand, ops=[ast.Eq()], comparators=[ast.Constant(0)])
    return node


# --- 5. tree reductions --------------------------------------------------------------------------------


def _install_tree_reduce() -> None:
    from triton.runtime import interpreter

    interpreter.ReduceOps.generic_reduce = _tree_reduce


def _tree_reduce(self, input):
    """``ReduceOps.generic_reduce`` by halves: ``combine(first half, second half)`` until one element is
    left along the axis (an odd element is carried to the next round).  Same combine function, the
    association order of a GPU's tree reduction; log2(n) calls of it instead of n."""
    original_axis = self.axis
    input, axis = self.unravel(input, self.axis)
    datas = [t.handle.data for t in input]
    dtypes = [t.dtype for t in input]
    while datas[0].shape[axis] > 1:
        n = datas[0].shape[axis]
        half = n // 2
        lo = [np.take(d, range(0, half), axis=axis) for d in datas]
        hi = [np.take(d, range(half, 2 * half), axis=axis) for d in datas]
        ret = self.combine_fn.fn(*(self.to_tensor(d, t) for d, t in zip(lo, dtypes)),
                                 *(self.to_tensor(d, t) for d, t in zip(hi, dtypes)))
        ret = ret if isinstance(ret, tuple) else (ret,)
        combined = [np.broadcast_to(r.handle.data if hasattr(r, "handle") else np.asarray(r), lo[i].shape)
                    for i, r in enumerate(ret)]
        if n % 2:
            combined = [np.concatenate([c, np.take(d, [n - 1], axis=axis)], axis=axis) for c, d in zip(combined, datas)]
        datas = [np.ascontiguousarray(c).astype(d.dtype, copy=False) for c, d in zip(combined, datas)]
    out = []
    for d, t in zip(datas, dtypes):
        d = np.squeeze(d, axis=axis) if d.ndim else d
        if self.keep_dims:
            if original_axis is not None:
                d = np.expand_dims(d, axis)
            else:
                for _ in range(len(input[0].handle.data.shape)):
                    d = np.expand_dims(d, 0)
        elif original_axis is None:
            d = d.item()
        out.append(self.to_tensor(d, t))
    return out


# --- 6. cache keys -------------------------------------------------------------------------------------


def _install_cache_key() -> None:
    import hashlib
    import inspect

    from triton.runtime.interpreter import InterpretedFunction

    if not hasattr(InterpretedFunction, "cache_key"):
        InterpretedFunction.cache_key = property(
            lambda self: hashlib.sha256(inspect.getsource(self.fn).encode()).hexdigest()
        )


# --- 7. bfloat16 atomic add ---------------------------------------------------------------------------


def _install_bf16_atomic_add() -> None:
    import triton.language as tl
    from triton._C.libtriton import ir
    from triton.runtime import interpreter

    builder = interpreter.InterpreterBuilder
    original = builder.create_atomic_rmw
    if getattr(original, "_torch_patch_lane", False):
        return

    def create_atomic_rmw(self, rmwOp, ptr, val, mask, sem, scope):
        if val.dtype.scalar == tl.bfloat16 and rmwOp == ir.ATOMIC_OP.FADD:
            return interpreter.TensorHandle(_atomic_add_bf16(ptr.data, val.data, mask.data), val.dtype.scalar)
        return original(self, rmwOp, ptr, val, mask, sem, scope)

    create_atomic_rmw._torch_patch_lane = True
    builder.create_atomic_rmw = create_atomic_rmw


def _atomic_add_bf16(addresses: np.ndarray, values: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """``*address += value`` for each active lane, in lane order, on bfloat16 memory (values as bf16 bits);
    returns the old values, as an atomic does."""
    import ctypes

    addresses, values = np.broadcast_arrays(addresses, values)
    mask = np.broadcast_to(mask, addresses.shape)
    old = np.zeros(addresses.shape, dtype=np.uint16)
    addend = torch.from_numpy(np.ascontiguousarray(values).view(np.int16)).view(torch.bfloat16).float()
    for lane in zip(*np.nonzero(mask)):
        cell = ctypes.c_uint16.from_address(int(addresses[lane]))
        old[lane] = cell.value
        current = torch.tensor([cell.value], dtype=torch.int32).to(torch.int16).view(torch.bfloat16).float()
        total = (current + addend[lane]).to(torch.bfloat16).view(torch.int16)
        cell.value = int(total.item()) & 0xFFFF
    return old
