#!/usr/bin/python3
"""Record what PyTorch 1.13's autocast does, for chapter 06's autocast tests.

Writes chapters/06_backends/tests/data/pytorch-1.13-autocast.txt, read by
chapters/06_backends/tests/autocast/autocast_torch_data_test.cpp (no torch
needed there). Three kinds of line:

    kernel <operator> <keys>          the Autocast keys with a kernel of the operator
                                      (torch._C._dispatch_dump), '-' for none
    policy <op> <dtypes in> => <dtype out>
                                      one call under torch.autocast("cpu")
    decide <operator> <keys> <dtype> <dtype> <dtype>
                                      an operator the chapter does not have (exercise
                                      06.8): its Autocast kernels, and the dtype it gives
                                      under CPU autocast for float32, bfloat16 and mixed inputs
    decide-cuda <operator> <policy>   (1.13 only) its CUDA policy, from the KERNEL line of
                                      1.13.1's autocast_mode.cpp that registers it
                                      (--source DIR, default build/pytorch-1.13.1)
    value <name> <dtype> [sizes] (v,...)
    grad <name> <dtype> [sizes] (v,...)
                                      a small model run forward under
                                      torch.autocast("cpu") and backward after it

Run it with the system interpreter (Debian's python3-torch 1.13.1):

    /usr/bin/python3 maint/reference/gen_autocast_data.py [--source DIR] \
        chapters/06_backends/tests/data/pytorch-1.13-autocast.txt

and, for the same answers from a 2.x, with a venv holding pip's torch:

    /tmp/torch2/bin/python maint/reference/gen_autocast_data.py \
        chapters/06_backends/tests/data/pytorch-2.15.0-autocast.txt
"""

import os
import re
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402

NAMES = {torch.bool: "Bool", torch.int64: "Long", torch.float32: "Float", torch.float64: "Double",
         torch.float16: "Half", torch.bfloat16: "BFloat16"}

# Every operator of chapter 06, read from its ops.yaml: a new entry there is
# recorded here without another list to keep. Where 1.13 names the overload
# and the course's entry does not (the course has one overload of each),
# TORCH_NAMES gives 1.13's full name, which _dispatch_dump needs.
OPS_YAML = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        "chapters", "06_backends", "ops.yaml")
TORCH_NAMES = {"fill_": "fill_.Scalar", "empty": "empty.memory_format", "arange": "arange.start_step"}


def course_operators():
    """ops.yaml's overloads, in its order, by their full names (add.out, neg)."""
    with open(OPS_YAML, encoding="utf-8") as handle:
        return [re.match(r"^- func: ([A-Za-z0-9_.]+)\(", line).group(1) for line in handle
                if line.startswith("- func: ")]


def number(value):
    return repr(float(value))


def tensor_text(tensor):
    flat = tensor.detach().float().reshape(-1).tolist()
    sizes = ",".join(str(s) for s in tensor.shape)
    return f"{NAMES[tensor.dtype]} [{sizes}] ({','.join(number(v) for v in flat)})"


def kernels(out):
    for course in course_operators():
        op = TORCH_NAMES.get(course, course)
        name, _, overload = op.partition(".")
        dump = torch._C._dispatch_dump(f"aten::{name}" + (f".{overload}" if overload else ""))
        if not dump:
            sys.exit(f"gen_autocast_data: 1.13 has no aten::{op}: if ops.yaml's entry names 1.13's overload "
                     "otherwise, add it to TORCH_NAMES")
        keys = [line.split(":")[0] for line in dump.splitlines() if line.startswith("Autocast")]
        out.append(f"kernel aten::{course} {','.join(keys) if keys else '-'}")


def policies(out):
    """The dtype each CPU-autocast call gives for float32, bfloat16 and float64 inputs."""
    calls = {
        "matmul": lambda a, b: torch.matmul(a, b), "add": lambda a, b: a + b, "mul": lambda a, b: a * b,
        "sub": lambda a, b: a - b, "div": lambda a, b: a / b, "atan2": torch.atan2,
        "exp": lambda a, b: torch.exp(a), "sum": lambda a, b: torch.sum(a), "relu": lambda a, b: torch.relu(a),
        "neg": lambda a, b: -a, "sin": lambda a, b: torch.sin(a), "cos": lambda a, b: torch.cos(a),
    }
    dtypes = [torch.float32, torch.bfloat16, torch.float64, torch.int64]
    for op, call in calls.items():
        for da in dtypes:
            for db in dtypes:
                a = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=da)
                b = torch.tensor([[0.5, -1.0], [2.0, 0.25]], dtype=db)
                with torch.autocast("cpu"):
                    try:
                        result = NAMES[call(a, b).dtype]
                    except RuntimeError as error:
                        result = "error " + str(error).splitlines()[0]
                out.append(f"policy {op} {NAMES[da]} {NAMES[db]} => {result}")


# Operators 1.13 has and chapter 06 does not, for exercise 06.8: which
# Autocast keys have a kernel, and the dtype each gives under CPU autocast
# for float32 inputs, bfloat16 inputs, and a bfloat16 first input with a
# float32 second (what tells the CPU categories apart).
NEW_OPERATORS = {
    "mm": lambda x, y: torch.mm(x, y),
    "log": lambda x, y: torch.log(x),
    "addcmul": lambda x, y: torch.addcmul(x, x, y),
    "prod": lambda x, y: torch.prod(x),
    "tanh": lambda x, y: torch.tanh(x),
}


# 1.13's CUDA policy of an operator, which a machine without a GPU cannot
# ask torch for (a CUDA autocast call needs a CUDA tensor): read from the
# KERNEL lines of the CUDA block of 1.13.1's aten/src/ATen/autocast_mode.cpp,
# the lines torch's AutocastCUDA kernels are registered from.
SOURCE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                      "build", "pytorch-1.13.1")


def cuda_policies(source):
    path = os.path.join(source, "aten", "src", "ATen", "autocast_mode.cpp")
    if not os.path.isfile(path):
        sys.exit(f"gen_autocast_data: 1.13's CUDA policies are read from {path}, which is missing: give --source, "
                 "or unpack the sources as maint/reference/recheck_claims.py says")
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    start = text.index("TORCH_LIBRARY_IMPL(aten, Autocast, m)")
    block = text[start:text.index("TORCH_LIBRARY_IMPL", start + 1)]
    return {name: policy for name, policy in re.findall(r'KERNEL\(ADD_NS\(\w+\), "([\w.]+)", .*?, (\w+)\)\n', block)}


def decisions(out, source):
    cuda = cuda_policies(source) if torch.__version__.startswith("1.13") else {}
    f32 = torch.tensor([[1.5, 2.0], [0.75, 1.25]])
    bf16 = f32.bfloat16()
    for op, call in NEW_OPERATORS.items():
        dump = torch._C._dispatch_dump(f"aten::{op}")
        keys = [line.split(":")[0] for line in dump.splitlines() if line.startswith("Autocast")]
        with torch.autocast("cpu"):
            dtypes = [NAMES[call(a, b).dtype] for a, b in ((f32, f32), (bf16, bf16), (bf16, f32))]
        out.append(f"decide aten::{op} {','.join(keys) if keys else '-'} {' '.join(dtypes)}")
        if cuda:
            out.append(f"decide-cuda aten::{op} {cuda.get(op, 'fallthrough')}")


# [model]
def model(out):
    """A two-layer perceptron under torch.autocast("cpu"): matmul casts to
    bfloat16, relu and add run in what they get, the float32 bias promotes
    the sum back to float32; backward runs after the region."""
    x = torch.tensor([[0.5, -1.25, 2.0], [1.5, 0.75, -0.5], [-2.0, 0.25, 1.0], [0.125, 3.0, -1.5]])
    w1 = torch.tensor([[0.1 * (i - 7) for i in range(15)]]).reshape(3, 5).clone().requires_grad_()
    w2 = torch.tensor([[0.3 - 0.05 * i for i in range(10)]]).reshape(5, 2).clone().requires_grad_()
    bias = torch.tensor([0.25, -0.5]).requires_grad_()
    with torch.autocast("cpu"):
        h = torch.matmul(x, w1)
        r = torch.relu(h)
        y = torch.matmul(r, w2)
        z = y + bias
        e = torch.exp(y)
        loss = torch.sum(z * z) + torch.sum(e)
    for name, value in (("h", h), ("r", r), ("y", y), ("z", z), ("e", e), ("loss", loss)):
        out.append(f"value {name} {tensor_text(value)}")
    loss.backward()
    for name, leaf in (("w1", w1), ("w2", w2), ("bias", bias)):
        out.append(f"grad {name} {tensor_text(leaf.grad)}")
# [model]


def main(argv):
    source = SOURCE
    if len(argv) == 4 and argv[1] == "--source":
        source, argv = argv[2], [argv[0], argv[3]]
    if len(argv) != 2:
        sys.exit(__doc__)
    if torch.__version__.startswith("1.13"):
        out = ["# What torch 1.13's autocast does, for chapter 06's tests/autocast/autocast_torch_data_test.cpp.",
               f"# Generated by maint/reference/gen_autocast_data.py from Debian python3-torch 1.13.1 "
               f"(torch.__version__ {torch.__version__}). Do not edit by hand."]
    elif torch.__version__.startswith("2."):
        # The same questions asked of a 2.x (a venv's python), for the lessons'
        # "in PyTorch 2.x" notes; the chapter's tests read 1.13's file.
        out = [f"# What torch {torch.__version__}'s autocast does, the questions asked of 1.13 for chapter 06.",
               f"# Generated by maint/reference/gen_autocast_data.py from PyTorch {torch.__version__} "
               f"(pip's wheel). Do not edit by hand."]
    else:
        sys.exit(f"expected torch 1.13 (/usr/bin/python3) or a 2.x (a venv), found {torch.__version__}")
    kernels(out)
    policies(out)
    decisions(out, source)
    model(out)
    with open(argv[1], "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv)
