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
operator, and the backward pass the engine runs reaches it too.

    /usr/bin/python3 maint/reference/gen_python_mode_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-modes.txt
"""

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
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
