#!/usr/bin/python3
"""Record what PyTorch 1.13's Python bindings say for calls, right and wrong,
for the tests of chapter 06's Python layer (mini_torch).

Writes chapters/06_backends/python/tests/data/pytorch-1.13-python-bindings.txt,
read by chapters/06_backends/python/tests/test_arg_parser.py (no torch needed
there). One statement per record, run with `torch` bound to torch and `a`, `b`
to small float tensors:

    call <statement>
    gives <repr of the result, or Exception: message>

Every statement here is one mini_torch has the same signatures for: the
errors come from PythonArgParser (a wrong type, a missing or unexpected
argument, too many, an invalid combination) or from the operator itself
(view's), and the results print the same.

Run it with the system interpreter (Debian's python3-torch 1.13.1):

    /usr/bin/python3 maint/reference/gen_python_binding_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-bindings.txt
"""

import sys

import torch

STATEMENTS = [
    "torch.add(a, b)",
    "torch.add(a, b, alpha=2)",
    "torch.add(a, 2, b)",
    "a.add(b)",
    "a + b",
    "torch.mul(a, b)",
    "torch.neg(a)",
    "torch.add(a, 'x')",
    "a.add('x')",
    "torch.neg(a, 1)",
    "torch.neg('x')",
    "torch.mul(a)",
    "torch.add(a, b, alpha='s')",
    "torch.add(a, b, beta=2)",
    "torch.matmul(a, b, a)",
    "torch.add(a, other=b)",
    "torch.add(a, b=b)",
    "torch.add(a, b, a, a)",
    "a.add_(a, a, a)",
    "torch.zeros(2, 3)",
    "torch.ones((2,))",
    # No eye, abs, maximum, ...: their kernels are exercises, and ch06.python
    # must pass in the learner build, where the exercises are stubs.
    "a.view(3)",
    "torch.exp(a, b)",
]


def run(statement: str) -> str:
    a = torch.tensor([1.0, 2.0])
    b = torch.tensor([3.0, 4.0])
    try:
        return repr(eval(statement, {"torch": torch, "a": a, "b": b}))  # noqa: S307 (our statements)
    except Exception as error:  # noqa: BLE001 (any error is the answer)
        return f"{type(error).__name__}: {error}"


def main(out_path: str) -> int:
    lines = [f"# torch {torch.__version__}: maint/reference/gen_python_binding_data.py"]
    for statement in STATEMENTS:
        lines.append(f"call {statement}")
        lines.append("gives " + run(statement).replace("\\", "\\\\").replace("\n", "\\n"))
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
