#!/usr/bin/python3
"""Record which calls reach a Python TorchDispatchMode in PyTorch 1.13, for
the tests of chapter 06's Python key (mini_torch).

Writes chapters/06_backends/python/tests/data/pytorch-1.13-python-modes.txt,
read by chapters/06_backends/python/tests/test_python_modes.py (no torch
needed there). One record per statement, run inside a logging mode with `a`,
`b` float tensors and `g` one that requires grad:

    call <statement>
    logs <func> (<args' types>) {<kwargs' names>}; ... (in the order they came)

The mode sees what is below autograd: a call on `g` reaches it as the same
operator. Then the same statements with `a` and `b` LoggingTensors (a
`_make_wrapper_subclass` subclass whose __torch_dispatch__ logs, unwraps,
calls and wraps), with `g` left out:

    subclass <statement>
    logs <func> (<args' types>) {<kwargs' names>}; ... => <the result's values>

And two more subclasses on the same statements: a MaskedTensor (data and a
mask; a result's mask is its inputs' masks and-ed, its values None where
masked) and a LazyTensor (each call recorded, nothing run until
materialize()):

    masked <statement>
    gives <the result's values, None where masked>
    lazy <statement>
    gives <the calls recorded> => <the values materialize() gives>

    /usr/bin/python3 maint/reference/gen_python_mode_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-modes.txt
"""

import re
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402

STATEMENTS = [
    "a + b",
    "torch.mul(a, b)",
    "torch.add(a, b, alpha=2)",
    "a.add_(b)",
    "torch.neg(a)",
    "torch.add(a, b, out=b)",
    "torch.ops.aten.sub.Tensor(a, b)",
    "g.mul(b)",
    "torch.neg(a * b + a)",
    "2 - a",
    "torch.rsub(a, b, alpha=2)",
]


def describe(value):
    if isinstance(value, torch.Tensor):
        return "Tensor"
    return type(value).__name__


class LoggingMode(TorchDispatchMode):
    def __init__(self):
        self.log = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        self.log.append(f"{func} ({', '.join(describe(arg) for arg in args)}) {{{', '.join(sorted(kwargs))}}}")
        return func(*args, **kwargs)


class LoggingTensor(torch.Tensor):
    __slots__ = ["elem"]
    __torch_function__ = torch._C._disabled_torch_function_impl

    @staticmethod
    def __new__(cls, elem):
        wrapper = torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype, device=elem.device,
                                                      requires_grad=elem.requires_grad)
        wrapper.elem = elem
        return wrapper

    log = []

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        cls.log.append(f"{func} ({', '.join(describe(arg) for arg in args)}) {{{', '.join(sorted(kwargs))}}}")

        def unwrap(value):
            return value.elem if isinstance(value, LoggingTensor) else value

        result = func(*[unwrap(arg) for arg in args], **{key: unwrap(value) for key, value in kwargs.items()})
        return LoggingTensor(result) if isinstance(result, torch.Tensor) else result


def run_subclass(statement: str) -> str:
    a = LoggingTensor(torch.tensor([1.0, 2.0]))
    b = LoggingTensor(torch.tensor([3.0, 4.0]))
    LoggingTensor.log = []
    result = eval(statement, {"torch": torch, "a": a, "b": b})  # noqa: S307 (our statements)
    return "; ".join(LoggingTensor.log) + f" => {result.elem.tolist()}"


class MaskedTensor(torch.Tensor):
    __slots__ = ["data_", "mask"]
    __torch_function__ = torch._C._disabled_torch_function_impl

    @staticmethod
    def __new__(cls, data, mask):
        wrapper = torch.Tensor._make_wrapper_subclass(cls, data.size(), dtype=data.dtype)
        wrapper.data_, wrapper.mask = data, mask
        return wrapper

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        masks = [arg.mask for arg in list(args) + list(kwargs.values()) if isinstance(arg, MaskedTensor)]
        mask = [all(bits) for bits in zip(*masks)]

        def unwrap(value):
            return value.data_ if isinstance(value, MaskedTensor) else value

        result = func(*[unwrap(arg) for arg in args], **{key: unwrap(value) for key, value in kwargs.items()})
        return MaskedTensor(result, mask)


def run_masked(statement: str) -> str:
    a = MaskedTensor(torch.tensor([1.0, 2.0]), [True, False])
    b = MaskedTensor(torch.tensor([3.0, 4.0]), [True, True])
    result = eval(statement, {"torch": torch, "a": a, "b": b})  # noqa: S307 (our statements)
    return str([value if bit else None for value, bit in zip(result.data_.tolist(), result.mask)])


class LazyTensor(torch.Tensor):
    __slots__ = ["thunk"]
    __torch_function__ = torch._C._disabled_torch_function_impl
    recorded = []

    @staticmethod
    def __new__(cls, like, thunk):
        wrapper = torch.Tensor._make_wrapper_subclass(cls, like.size(), dtype=like.dtype)
        wrapper.thunk = thunk
        return wrapper

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        cls.recorded.append(str(func))

        def force(value):
            return value.materialize() if isinstance(value, LazyTensor) else value

        like = next(arg for arg in args if isinstance(arg, torch.Tensor))
        return LazyTensor(like, lambda: func(*[force(arg) for arg in args],
                                             **{key: force(value) for key, value in kwargs.items()}))

    def materialize(self):
        return self.thunk()


def run_lazy(statement: str) -> str:
    a_value, b_value = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])
    a = LazyTensor(a_value, lambda: a_value)
    b = LazyTensor(b_value, lambda: b_value)
    LazyTensor.recorded = []
    result = eval(statement, {"torch": torch, "a": a, "b": b})  # noqa: S307 (our statements)
    recorded = ", ".join(LazyTensor.recorded)
    return f"{recorded} => {result.materialize().tolist()}"


def run(statement: str) -> str:
    a = torch.tensor([1.0, 2.0])
    b = torch.tensor([3.0, 4.0])
    g = torch.tensor([5.0, 6.0], requires_grad=True)
    mode = LoggingMode()
    with mode:
        eval(statement, {"torch": torch, "a": a, "b": b, "g": g})  # noqa: S307 (our statements)
    return "; ".join(mode.log)


def main(out_path: str) -> int:
    lines = [f"# torch {torch.__version__}: maint/reference/gen_python_mode_data.py"]
    for statement in STATEMENTS:
        lines += [f"call {statement}", "logs " + run(statement)]
    for statement in STATEMENTS:
        if not re.search(r"\bg\b", statement):
            lines += [f"subclass {statement}", "logs " + run_subclass(statement)]
    for statement in STATEMENTS:
        if not re.search(r"\bg\b", statement) and "out=" not in statement and "_(" not in statement:
            lines += [f"masked {statement}", "gives " + run_masked(statement)]
            lines += [f"lazy {statement}", "gives " + run_lazy(statement)]
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
