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

    /usr/bin/python3 maint/reference/gen_python_mode_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-modes.txt
"""

import re
import sys

import torch
from torch.utils._python_dispatch import TorchDispatchMode

STATEMENTS = [
    "a + b",
    "torch.mul(a, b)",
    "torch.add(a, b, alpha=2)",
    "a.add_(b)",
    "torch.neg(a)",
    "torch.add(a, b, out=b)",
    "torch.ops.aten.sub.Tensor(a, b)",
    "g.mul(b)",
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
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
