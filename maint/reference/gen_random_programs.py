#!/usr/bin/python3
"""Generate chapter 06's random-program differential data from PyTorch 1.13.

The parity families (gen_parity_data.py) try one operator at a time. Some
wrong results only show in a whole program: a view taken before its base is
written in place, an integer conversion in the middle of a graph, a saved
tensor that a later in-place operator changes, a second backward. This script
writes straight-line programs drawn at random, from fixed seeds, over chapter
06's operators (views, in-place operators on intermediates and on views,
dtype conversions, add, sub and rsub with alpha, the comparisons, reductions,
matmul, clone, copy_, fill_, then sum().backward(), and a second backward with and without
retain_graph), runs each statement on torch 1.13 as it writes it, and records
every intermediate value, whether it requires grad, every error and every
gradient. tests/random_programs/random_programs_test.cpp runs the same
programs on chapter 06 and compares, with no torch installed.

The programs use the parity data's line language and its Case
(chapters/06_backends/tests/data/parity/README.md), with one addition:
`backward NAME retain_graph` is NAME.backward(retain_graph=True).

Run it with the system interpreter (Debian's python3-torch 1.13.1):

    /usr/bin/python3 maint/reference/gen_random_programs.py chapters/06_backends/tests/data/random_programs.txt

Running it twice gives the same bytes: program N draws from random.Random(N).
One program is written, not drawn (`random/stride_order`, first): it keeps
the one deliberate difference these programs meet tested.
"""

import os
import random
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import gen_parity_data as parity  # noqa: E402

torch = parity.torch
PROGRAMS = 1200
# Exact in float32, none zero: relu's kink and a division by zero come only
# from what a program computes.
POOL = [0.25, -0.5, 0.75, -1.0, 1.25, -1.5, 1.75, 2.0, -2.25, 0.5, -0.75, 1.5]
SHAPES = [[2, 2], [2, 3], [3, 2]]


class Program(parity.Case):
    """A Case that also knows which of its variables it made (the leaves are
    the tensors it wrote; every other one an operator's result)."""

    def __init__(self, name):
        super().__init__("random", f"random/{name}")
        self.leaves = []
        self.results = []

    def backward_retaining(self, name, retain):
        statement = f"backward {name}" + (" retain_graph" if retain else "")
        try:
            self.env[name].backward(retain_graph=retain)
        except Exception as error:  # noqa: B902 - torch's error is the expected outcome
            self._emit(statement, "error " + parity.error_text(error))
            return False
        self._emit(statement, "ok")
        return True

    def result(self, name, op, *args):
        """An operator's call, then whether its result requires grad."""
        if self.call(name, op, *args) is None:
            return None
        if name not in self.results:
            self.results.append(name)
        self.requires_grad(name)
        return self.env[name]


def broadcastable(a, b):
    try:
        torch.broadcast_shapes(a.shape, b.shape)
        return True
    except RuntimeError:
        return False


def pick_partner(rng, program, first):
    """A variable to combine with `first`: one whose shape broadcasts with
    it, now and then any (torch's shape error is an outcome too)."""
    names = list(program.env)
    if rng.random() < 0.05:
        return rng.choice(names)
    fitting = [n for n in names if broadcastable(program.env[first], program.env[n])]
    return rng.choice(fitting)


def pick_written(rng, program, intermediates, fallback):
    """The tensor an in-place operator writes: an intermediate, seldom a view
    of one that requires grad, and seldom a leaf."""
    if not intermediates or rng.random() < 0.05:
        return fallback
    for _ in range(3):
        target = rng.choice(intermediates)
        tensor = program.env[target]
        if tensor._base is None or not tensor.requires_grad or rng.random() < 0.25:
            return target
    return target


def fresh(program):
    return f"v{len(program.results)}"


def make_leaves(rng, program):
    dtype = rng.choice(["Float", "Float", "Double"])
    shape = rng.choice(SHAPES)
    count = rng.choice([2, 3])
    for index in range(count):
        name = "abc"[index]
        sizes = shape if index == 0 else rng.choice([shape, shape, [shape[-1]], []])
        # Now and then a leaf of the other float dtype, or an integer one.
        leaf_dtype = dtype
        roll = rng.random()
        if roll < 0.1:
            leaf_dtype = "Double" if dtype == "Float" else "Float"
        elif roll < 0.15:
            leaf_dtype = "Long"
        numel = 1
        for size in sizes:
            numel *= size
        if leaf_dtype == "Long":
            values = [rng.choice([1, -2, 3, 2, -1]) for _ in range(numel)]
        else:
            values = [rng.choice(POOL) for _ in range(numel)]
        grad = leaf_dtype != "Long" and rng.random() < 0.75
        program.tensor(name, leaf_dtype, sizes, values, grad)
        program.leaves.append(name)


def step(rng, program):
    """One statement drawn at random over the variables set now."""
    names = list(program.env)
    target = rng.choice(names)
    value = program.env[target]
    intermediates = [n for n in program.results if n in program.env]
    kind = rng.choices(["binary", "unary", "inplace", "view", "convert", "reduce", "matmul", "clone", "copy_",
                        "fill_", "compare"], weights=[18, 8, 18, 12, 5, 6, 6, 4, 5, 3, 5])[0]
    if kind in ("inplace", "copy_", "fill_") and not intermediates and rng.random() < 0.8:
        kind = "binary"  # a write into a leaf, mostly refused, now and then
    out = fresh(program)
    if kind == "binary":
        op = rng.choice(["add", "sub", "mul", "div", "rsub", "rsub.Scalar", "sigmoid_backward"])
        if op == "rsub.Scalar":
            # 2 - x, and 2 - alpha * x.
            args = [target, rng.choice([2, -1, 0.5, 1.5])] + ([rng.choice([2, -1, 0.5])] if rng.random() < 0.5 else [])
        else:
            args = [target, pick_partner(rng, program, target)]
            if op in ("add", "sub", "rsub") and rng.random() < 0.5:
                args.append(rng.choice([2, -1, 0.5, 1.5]))
        program.result(out, op, *args)
    elif kind == "compare":
        # A bool result that requires no grad, which later statements then
        # meet as an operand (promoted, refused by sub and neg, written into).
        op = rng.choice(parity.COMPARISONS)
        if rng.random() < 0.5:
            program.result(out, op + ".Scalar", target, rng.choice([0, 1, -0.5, 1.5, True]))
        else:
            program.result(out, op, target, pick_partner(rng, program, target))
    elif kind == "unary":
        program.result(out, rng.choice(["neg", "relu", "exp", "sigmoid", "sin"]), target)
    elif kind == "inplace":
        # Mostly an intermediate; now and then a leaf, which torch refuses
        # when it requires grad, or a view of one that requires grad (1.13
        # rebases its history on a CopySlices).
        target = pick_written(rng, program, intermediates, target)
        if rng.random() < 0.35:
            program.result(out, rng.choice(["neg_", "relu_", "exp_", "sigmoid_"]), target)
        else:
            op = rng.choice(["add_", "sub_", "mul_", "div_"])
            args = [target, pick_partner(rng, program, target)]
            if op in ("add_", "sub_") and rng.random() < 0.5:
                args.append(rng.choice([2, -1, 0.5]))
            program.result(out, op, *args)
    elif kind == "view":
        if value.dim() >= 1 and rng.random() < 0.25:
            # The training script's batches: rows i to j of a value.
            dim = rng.choice(range(-value.dim(), value.dim()))
            program.result(out, "slice", target, dim, rng.choice([None, 0, 1, -2]), rng.choice([None, 2, -1, 9]),
                           rng.choice([1, 1, 2]))
        elif value.dim() == 2 and rng.random() < 0.6:
            program.result(out, "t", target)
        elif value.dim() == 1 and value.numel() in (4, 6) and rng.random() < 0.7:
            program.result(out, "view", target, [2, value.numel() // 2])
        else:
            # A view of a transposed tensor is refused (not contiguous): an outcome too.
            program.result(out, "view", target, [value.numel()])
    elif kind == "convert":
        program.result(out, "_to_copy", target, rng.choice(["Float", "Double", "Long", "Double"]))
    elif kind == "reduce":
        roll = rng.random()
        # A dimension of the value (a 0-d value takes 0 and -1).
        dims = range(-max(value.dim(), 1), max(value.dim(), 1))
        if value.dim() >= 1 and roll < 0.4:
            program.result(out, "sum.dim_IntList", target, [rng.choice(range(-value.dim(), value.dim()))],
                           rng.random() < 0.5)
        elif roll < 0.55:
            # The training script's loss: differentiable, its backward
            # _log_softmax_backward_data; an integer value is refused.
            program.result(out, "_log_softmax", target, rng.choice(dims), False)
        elif roll < 0.65:
            # An int64 index that requires no grad, met later as an operand.
            program.result(out, "argmax", target, rng.choice([None, *dims]), rng.random() < 0.5)
        else:
            program.result(out, "sum", target)
    elif kind == "matmul":
        two_d = [n for n in names if program.env[n].dim() == 2]
        if two_d:
            first = rng.choice(two_d)
            rows = program.env[first].shape[1]
            fitting = [n for n in two_d if program.env[n].shape[0] == rows]
            if fitting or rng.random() < 0.1:
                # Now and then two that do not fit: torch's shape error is an outcome too.
                program.result(out, "matmul", first, rng.choice(fitting or two_d))
    elif kind == "clone":
        program.result(out, "clone", target)
    elif kind == "copy_":
        target = pick_written(rng, program, intermediates, target)
        program.result(out, "copy_", target, pick_partner(rng, program, target))
    elif kind == "fill_":
        target = pick_written(rng, program, intermediates, target)
        program.result(out, "fill_", target, rng.choice([0.5, -1.0, 2.0]))


def finish(rng, program):
    """Every variable's value now (an in-place write shows through its
    aliases), then backward from the sum of one that requires grad, the
    leaves' gradients, and now and then a second backward."""
    for name in program.results[-4:]:
        program.value(name)
    differentiable = [n for n in program.results if n in program.env and program.env[n].requires_grad]
    if not differentiable:
        return
    root = differentiable[-1] if rng.random() < 0.7 else rng.choice(differentiable)
    if program.call("s", "sum", root) is None:
        return
    retain = rng.random() < 0.3
    if not program.backward_retaining("s", retain):
        return
    for leaf in program.leaves:
        program.grad(leaf)
    if rng.random() < 0.4:
        program.backward_retaining("s", rng.random() < 0.3)
        for leaf in program.leaves:
            program.grad(leaf)


def stride_order_program():
    """A program written, not drawn: an elementwise result of transposed
    inputs, then view(). 1.13's result follows its inputs' stride order and
    refuses the view; the course's is contiguous (a deliberate difference,
    which random_programs_test.cpp requires some program to meet). Drawn
    programs met it once in 1,200 before rsub joined the draws, and in none
    of 1,600 after: chance is no way to keep a known difference tested."""
    program = Program("stride_order")
    program.tensor("a", "Float", [2, 3], [0.25, -0.5, 0.75, -1.0, 1.25, -1.5], True)
    program.leaves.append("a")
    program.result("v0", "t", "a")
    program.result("v1", "add", "v0", "v0")
    program.result("v2", "view", "v1", [6])
    program.result("v3", "mul", "v1", "v0")
    finish(random.Random(0), program)
    return program


def generate(count):
    programs = [stride_order_program()]
    for number in range(count):
        rng = random.Random(number)
        program = Program(f"{number}")
        make_leaves(rng, program)
        for _ in range(rng.randint(3, 8)):
            step(rng, program)
        finish(rng, program)
        programs.append(program)
    return programs


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    if not torch.__version__.startswith("1.13"):
        sys.exit(f"expected torch 1.13, found {torch.__version__} (run with /usr/bin/python3)")
    report = os.fdopen(os.dup(2), "w")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    programs = generate(PROGRAMS)
    checks = sum(len(program.lines) - 1 for program in programs)
    out = ["# Random programs: straight-line programs over chapter 06's operators, drawn from fixed seeds",
           f"# Generated by maint/reference/gen_random_programs.py from Debian python3-torch 1.13.1 "
           f"(torch.__version__ {torch.__version__}): {len(programs)} programs, {checks} statements.",
           "# Do not edit by hand. Format: tests/data/parity/README.md, and `backward NAME retain_graph`",
           "# for NAME.backward(retain_graph=True). Regenerate with:",
           "#   /usr/bin/python3 maint/reference/gen_random_programs.py "
           "chapters/06_backends/tests/data/random_programs.txt",
           f"cases {len(programs)}"]
    for program in programs:
        out.extend(program.lines)
    with open(argv[1], "w", encoding="utf-8") as handle:
        handle.write("\n".join(out) + "\n")
    print(f"{len(programs)} programs, {checks} statements", file=report)


if __name__ == "__main__":
    main(sys.argv)
