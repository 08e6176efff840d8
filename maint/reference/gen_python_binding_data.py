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

import json
import subprocess
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402

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
    # A number where a Tensor is expected (add, sub, mul, div and their
    # in-place and out= forms): a wrapped number, which type promotion
    # counts below every tensor. `i` is an int64 tensor, `d` a float64 one.
    "a * 2",
    "2 * a",
    "a + 1.5",
    "2 + a",
    "2 - a",
    "a - 2",
    "a / 2",
    "torch.add(a, 2)",
    "torch.sub(2, a)",
    # rsub, what 2 - a runs: other - alpha * self, a function only.
    "2.5 - i",
    "True - i",
    "torch.rsub(a, 2)",
    "torch.rsub(a, b, alpha=2)",
    "torch.rsub(a, 'x')",
    "torch.mul(2, 3)",
    "torch.add(a, 2, alpha=0.5)",
    "a.add_(1)",
    "a.mul_(2.5)",
    "i * 2",
    "i * 2.5",
    "i + True",
    "d * 2.5",
    "torch.tensor(3) * 2.5",
    "torch.tensor(3.0, dtype=torch.float64) + 2.5",
    "i * torch.tensor(2.5, dtype=torch.float64)",
    "torch.ops.aten.mul.Tensor(a, 3)",
    "torch.neg(2)",
    "a + 'x'",
    "'x' - a",
]
# The deprecated overloads (tools/autograd/deprecated.yaml): each warns,
# once per process. Each record is run in a fresh interpreter:
#     warn <statement>
#     gives <the warnings' category: text, joined by " | ">
WARNING_STATEMENTS = [
    "torch.add(a, 2, b)",
    "a.sub(2, b)",
    "torch.add(a, 2, b); torch.add(a, 2, b); a.sub_(2, b)",
    "torch.add(a, b, alpha=2)",
]


def names():
    return {"torch": torch, "a": torch.tensor([1.0, 2.0]), "b": torch.tensor([3.0, 4.0]),
            "i": torch.tensor([1, 2]), "d": torch.tensor([1.0, 2.0], dtype=torch.float64)}


def run(statement: str) -> str:
    try:
        return repr(eval(statement, names()))  # noqa: S307 (our statements)
    except Exception as error:  # noqa: BLE001 (any error is the answer)
        return f"{type(error).__name__}: {error}"


# A fresh interpreter per record: the warning is once per process.
WARN_PROGRAM = """
import json, sys, warnings
import torch
a, b = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    exec(sys.argv[1])
print(json.dumps([(w.category.__name__, str(w.message)) for w in caught]))
"""


def warnings_of(statement: str) -> str:
    result = subprocess.run([sys.executable, "-c", WARN_PROGRAM, statement], check=True, capture_output=True,
                            text=True)
    # c10's warnings end with where in C++ they were raised: not part of the text.
    return " | ".join(f"{category}: {message.split(' (Triggered internally at ')[0]}"
                      for category, message in json.loads(result.stdout))


def escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\n", "\\n")


def main(out_path: str) -> int:
    lines = [f"# torch {torch.__version__}: maint/reference/gen_python_binding_data.py"]
    for statement in STATEMENTS:
        lines.append(f"call {statement}")
        lines.append("gives " + escaped(run(statement)))
    for statement in WARNING_STATEMENTS:
        lines.append(f"warn {statement}")
        lines.append("gives " + escaped(warnings_of(statement)))
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
