#!/usr/bin/python3
"""Record what `grad_fn` is in PyTorch 1.13, for the tests of chapter 06's
Python layer (mini_torch): the node's name, its next_functions all the way
down, and is_leaf.

Writes chapters/06_backends/python/tests/data/pytorch-1.13-python-grad-fn.txt,
read by chapters/06_backends/python/tests/test_grad_fn.py (no torch needed
there). `a` and `b` are float leaves that require grad, `c` one that does not:

    graph <statement>
    gives is_leaf=<bool> grad_fn=<node> name=<grad_fn.name()> repr=<repr, address as 0x...>

where <node> is None or `Type(<node>@<input_nr>, ...)` over next_functions
(Type the node's Python type, which its repr shows), and an AccumulateGrad
is written AccumulateGrad[<the leaf it fills>]. (Its name() is not: 1.13's
is the C++ class, "torch::autograd::AccumulateGrad".)

    /usr/bin/python3 maint/reference/gen_python_grad_fn_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-grad-fn.txt
"""

import re
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402

STATEMENTS = [
    "a",
    "c",
    "a * b",
    "a * c",
    "a * 2",
    "2 * a",
    "a + c",
    "torch.add(a, b, alpha=2)",
    "a - 2",
    "a / b",
    "(a * b + a).sum()",
    "a.exp().neg()",
    "a.sin()",
    "a.relu()",
    "a.clone()",
    "a.view(2, 1)",
    "a.view(2, 1).t()",
    "a.sum([0])",
    "a.detach()",
    "c * 2",
    "2 - a",
    "torch.rsub(a, b)",
    # An in-place write through a view: the base's grad_fn is a CopySlices,
    # whose name() has its C++ namespaces and whose Python class has not;
    # and a copy_, whose node (CopyBackwards) is named the same way.
    "(lambda x: (x.view(2, 1).mul_(2), x)[1])(a * 1)",
    "(lambda x: (x.copy_(b), x)[1])(a * 1)",
]


def leaves(namespace):
    return {name: value for name, value in namespace.items() if name in ("a", "b", "c")}


def node(fn, namespace) -> str:
    if fn is None:
        return "None"
    if type(fn).__name__ == "AccumulateGrad":
        # By _cdata, the TensorImpl: the course's test can compare only that.
        leaf = next(name for name, value in leaves(namespace).items() if value._cdata == fn.variable._cdata)
        return f"AccumulateGrad[{leaf}]"
    inputs = ", ".join(f"{node(next_fn, namespace)}@{index}" for next_fn, index in fn.next_functions)
    return f"{type(fn).__name__}({inputs})"


def describe(statement: str, torch_module) -> str:
    namespace = {"torch": torch_module,
                 "a": torch_module.tensor([1.0, 2.0], requires_grad=True),
                 "b": torch_module.tensor([3.0, 4.0], requires_grad=True),
                 "c": torch_module.tensor([5.0, 6.0])}
    result = eval(statement, namespace)  # noqa: S307 (our statements)
    shown = re.sub(r"0x[0-9a-fA-F]+", "0x...", repr(result.grad_fn))
    name = None if result.grad_fn is None else result.grad_fn.name()
    return f"is_leaf={result.is_leaf} grad_fn={node(result.grad_fn, namespace)} name={name} repr={shown}"


def main(out_path: str) -> int:
    lines = [f"# torch {torch.__version__}: maint/reference/gen_python_grad_fn_data.py"]
    for statement in STATEMENTS:
        lines += [f"graph {statement}", "gives " + describe(statement, torch)]
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
