#!/usr/bin/python3
"""Record what PyTorch 1.13 gives for the comparison operators from Python,
for chapter 06's Python layer (mini_torch): eq, ne, lt, le, gt and ge as
functions, methods and Python operators (==, !=, <, <=, >, >=, reflected
too), with type promotion, broadcasting, NaN, out=, a tensor that requires
grad, hashing, and the errors.

Writes chapters/06_backends/python/tests/data/pytorch-1.13-python-comparisons.txt,
read by chapters/06_backends/python/tests/test_comparisons.py (no torch
needed there). Two kinds of record, each a statement and what it gives:

    call <statement>
    gives <repr of the result, or Exception: message>
    mode <statement>
    logs <the operators a TorchDispatchMode sees, in order>

run with `torch` bound to torch and these tensors: i, j int64 [3]; f, g
float32 [4] with a NaN each; d float64 [3]; h float16 [3]; m int64 [2, 1];
bb bool [3]; s a zero-dimensional float32; x float32 [3] that requires
grad. Python's bool, int and float results are their repr as well.

Run it with the system interpreter (Debian's python3-torch 1.13.1):

    /usr/bin/python3 maint/reference/gen_python_comparison_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-comparisons.txt
"""

import os
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
from torch.utils._python_dispatch import TorchDispatchMode  # noqa: E402

# The statements' tensors, shared with the test that replays them.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "chapters", "06_backends",
                                "python", "tests"))
import comparison_scope  # noqa: E402

OPS = ["eq", "ne", "lt", "le", "gt", "ge"]
SYMBOLS = ["==", "!=", "<", "<=", ">", ">="]


def statements():
    result = []
    for op in OPS:
        result += [
            f"torch.{op}(i, j)",
            # Promotion: int64 and float64 compare in float64; int64 and a
            # Python float in float32 (a wrapped number counts below every
            # tensor, as in a + 2.5); float16 and float64 in float64.
            f"torch.{op}(i, d)",
            f"torch.{op}(i, 2.5)",
            f"torch.{op}(h, d)",
            f"torch.{op}(f, g)",  # NaN against NaN and against numbers
            f"torch.{op}(m, i)",  # broadcasting [2, 1] with [3]
            f"torch.{op}(bb, 0.5)",
            f"torch.{op}(i, s)",  # a zero-dimensional float32 tensor: float32
            f"i.{op}(j)",
            f"i.{op}(2)",
            f"f.{op}(2.5)",
            f"bb.{op}(True)",
            f"torch.{op}(i, j, out=torch.empty(3, dtype=torch.bool))",
            # An out= of another dtype takes the bools cast: 1.13 checks no
            # "can't be cast" here, as it does for add.
            f"torch.{op}(f, g, out=torch.empty(4, dtype=torch.int64))",
            f"torch.{op}(i, 2.5, out=torch.empty(3, dtype=torch.float64))",
            f"torch.{op}(x, 2.0)",
            f"torch.{op}(x, x).requires_grad",
            # out= with an input that requires grad: not refused, as the
            # result is not differentiable.
            f"torch.{op}(x, 1.5, out=torch.empty(3, dtype=torch.bool))",
            f"torch.{op}(x, x, out=torch.empty(3))",
            f"torch.{op}(i, torch.tensor([1, 2]))",
            f"torch.{op}(i, 'x')",
            f"torch.{op}(2, i)",
            f"i.{op}()",
        ]
    for symbol in SYMBOLS:
        result += [
            f"i {symbol} j",
            f"i {symbol} 2",
            f"2 {symbol} i",  # reflected: Python asks i.__gt__(2) for 2 < i
            f"2.5 {symbol} i",
            f"f {symbol} g",
            f"d {symbol} h",
            f"m {symbol} j",
            f"s {symbol} 2",
            f"True {symbol} bb",
            f"x {symbol} 2",
            f"(x {symbol} 2).requires_grad",
            f"(x {symbol} 2).grad_fn",
            f"i {symbol} 'x'",
            f"i {symbol} None",
        ]
    result += [
        # int64 and an int compare in int64: 2**53 + 1 is not 2**53 there,
        # though it is as doubles.
        "torch.tensor([2**53]) == 2**53 + 1",
        "torch.tensor(3) == 3.0000001",  # float32: 3.0000001 rounds to 3.0
        "torch.tensor([0.1], dtype=torch.float64) == 0.1",
        "torch.tensor([0.1]) == 0.1",  # float32's 0.1 against the number in float32
        "torch.tensor([0.1]) == torch.tensor([0.1], dtype=torch.float64)",
        "(i == j).dtype is torch.bool",
        "(h < 2).dtype is torch.bool",
        "list((i < 2.5).shape)",
        "i == i",
        # Defining __eq__ takes a class's __hash__ away; 1.13's Tensor keeps
        # it as the object's identity.
        "hash(i) == id(i)",
        "len({i, j, i})",
        "{i: 1, j: 2}[j]",
        "type(i).__hash__ is None",
    ]
    return result


MODE_STATEMENTS = [
    "i == j",
    "i < 2",
    "2 < i",
    "2.5 >= i",
    "torch.ne(i, j)",
    "f.le(g)",
    "torch.gt(i, 2, out=bb)",
    "x < 2",
]


def names():
    return comparison_scope.names(torch)


def run(statement: str) -> str:
    try:
        return repr(eval(statement, names()))  # noqa: S307 (our statements)
    except Exception as error:  # noqa: BLE001 (any error is the answer)
        return f"{type(error).__name__}: {error}"


class LoggingMode(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.seen = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.seen.append(str(func))
        return func(*args, **(kwargs or {}))


def logged(statement: str) -> str:
    scope = names()
    with LoggingMode() as mode:
        eval(statement, scope)  # noqa: S307 (our statements)
    return "; ".join(mode.seen)


def escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def main(out_path: str) -> int:
    lines = [f"# torch {torch.__version__}: maint/reference/gen_python_comparison_data.py"]
    for statement in statements():
        lines += [f"call {statement}", "gives " + escaped(run(statement))]
    for statement in MODE_STATEMENTS:
        lines += [f"mode {statement}", "logs " + escaped(logged(statement))]
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
