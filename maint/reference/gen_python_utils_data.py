#!/usr/bin/python3
"""Record what a FLOP counter and make_fx see in PyTorch 1.13, for the tests
of chapter 06's mini_torch/utils/flop_counter.py and
mini_torch/fx/experimental/proxy_tensor.py.

Writes chapters/06_backends/python/tests/data/pytorch-1.13-python-utils.txt,
read by chapters/06_backends/python/tests/test_python_utils.py (no torch
needed there).

1.13 has no FLOP counter, so this runs the course's own FlopCounterMode (its
one Python file, with `mini_torch` read as `torch`) on torch 1.13: what is
compared is which calls reach the mode, with which shapes. `a`, `b` are
float tensors of two elements, `m` a 2x3 and `n` a 3x2 one:

    flops <statement>
    gives total=<FLOPs> counts=<{operator: FLOPs}, sorted>

make_fx is 1.13's own (torch.fx.experimental.proxy_tensor), on functions
of x and y (a and b), its graph written with the placeholders by name and
each call as %<its position>:

    trace <lambda>
    gives <call>; <call>; ...; return <output>

    /usr/bin/python3 maint/reference/gen_python_utils_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-utils.txt
"""

import os
import sys
import types

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FLOP_COUNTER = os.path.join(ROOT, "chapters/06_backends/python/mini_torch/utils/flop_counter.py")

FLOP_STATEMENTS = [
    "a * b + a",
    "(a * b).sum()",
    "torch.neg(torch.exp(a))",
    "a * 2",
    "2 + a",
    "a.add_(b)",
    "torch.matmul(m, n)",
    "torch.matmul(m, n).sum()",
    "a.view(2, 1)",
]

TRACE_FUNCTIONS = [
    "lambda x, y: (x * y + x).sum()",
    "lambda x, y: torch.neg(x * 2) - 1.5",
    "lambda x, y: x.add_(y)",
    "lambda x, y: (x.view(2, 1), torch.exp(y))",
    "lambda x, y: torch.add(x, y, alpha=2)",
    "lambda x, y: 2 * x + y / 2",
]


def course_flop_counter():
    """The course's flop_counter.py as a module over torch."""
    with open(FLOP_COUNTER, encoding="utf-8") as source:
        code = source.read().replace("mini_torch", "torch")
    module = types.ModuleType("flop_counter")
    exec(compile(code, FLOP_COUNTER, "exec"), module.__dict__)  # noqa: S102 (the course's file)
    return module


def names():
    return {"torch": torch, "a": torch.tensor([1.0, 2.0]), "b": torch.tensor([3.0, 4.0]),
            "m": torch.ones(2, 3), "n": torch.ones(3, 2)}


def count(statement: str, flop_counter) -> str:
    with flop_counter.FlopCounterMode() as counter:
        eval(statement, names())  # noqa: S307 (our statements)
    return f"total={counter.get_total_flops()} counts={dict(sorted(counter.get_flop_counts().items()))}"


def render_graph(nodes) -> str:
    """(op, name, target, args, kwargs) per node, fx's or the course's."""
    labels = {}
    calls = []

    def show(value):
        if isinstance(value, (list, tuple)):
            inner = ", ".join(show(item) for item in value)
            return f"[{inner}]" if isinstance(value, list) else f"({inner})"
        if id(value) in labels:
            return labels[id(value)]
        return repr(value)

    for op, name, target, args, kwargs, node in nodes:
        if op == "placeholder":
            labels[id(node)] = name
        elif op == "call_function":
            arguments = [show(arg) for arg in args] + [f"{key}={show(value)}" for key, value in kwargs.items()]
            calls.append(f"{target}({', '.join(arguments)})")
            labels[id(node)] = f"%{len(calls) - 1}"
        else:
            calls.append(f"return {show(args[0])}")
    return "; ".join(calls)


def trace(function: str) -> str:
    f = eval(function, {"torch": torch})  # noqa: S307 (our functions)
    graph = make_fx(f)(torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]))
    return render_graph([(node.op, node.name, node.target, node.args, node.kwargs, node)
                         for node in graph.graph.nodes])


def main(out_path: str) -> int:
    flop_counter = course_flop_counter()
    lines = [f"# torch {torch.__version__}: maint/reference/gen_python_utils_data.py"]
    for statement in FLOP_STATEMENTS:
        lines += [f"flops {statement}", "gives " + count(statement, flop_counter)]
    for function in TRACE_FUNCTIONS:
        lines += [f"trace {function}", "gives " + trace(function)]
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
