#!/usr/bin/python3
"""Random Python programs over what chapter 06's mini_torch has, and what
PyTorch 1.13 does with them: the differential suite of the Python surface.

A program is Python source that does `import torch` and prints what it
checks; its outcome is its stdout and the exception that ended it, if any
(tests/program_outcomes.py runs programs and sorts outcomes). The draws are
seeded, so the same generator writes the same programs; each program's name
is its family and a hash of its source, so a name stays with its program when
other draws change (the known-differences file lists programs by name).

The families: factories and dtype inference (Python ints, floats, bools,
int64 extremes, empty data, zeros/ones/full/arange/eye/empty/randn with and
without dtype=); every binary operator in its function, method, dunder,
reflected, in-place and out= forms over broadcast shapes, Python scalars and
0-d tensors of every dtype the module has (type promotion); the comparisons;
the unary operators, sum, matmul, lerp, view, t, copy_, fill_, clone, to;
printing of every dtype, 0-d, empty, summarized (past 1,000 elements), nan,
inf and -0.0; the attributes (.shape, .size(), .dtype, .device,
.requires_grad, .is_leaf, .grad_fn), item(), tolist(), bool(), len();
autograd (random graphs and their gradients, .grad across backwards,
retain_graph, the second backward's error, no_grad, detach, requires_grad_,
assigning .grad, deep graphs); errors with their types and texts; features
torch has and mini_torch does not (which must be refused clearly); and
ops.aten's overloads called directly.

    /usr/bin/python3 maint/reference/gen_python_programs.py --record
        records the generated programs through torch 1.13 into
        chapters/06_backends/python/tests/data/pytorch-1.13-python-programs.json
    /usr/bin/python3 maint/reference/gen_python_programs.py --record --user-programs
        records every chapters/06_backends/python/tests/user_programs/*.py into
        chapters/06_backends/python/tests/data/pytorch-1.13-user-programs.json
    /usr/bin/python3 maint/reference/gen_python_programs.py --record --issue-programs
        the same for chapters/06_backends/python/tests/issue_programs/*.py (issue 40's
        examples), into .../tests/data/pytorch-1.13-issue-programs.json
    maint/reference/gen_python_programs.py --list
        prints the programs, names and sources (no torch needed)

chapters/06_backends/python/tests/test_python_programs.py replays both files
through mini_torch (no torch needed).
"""

import argparse
import hashlib
import json
import os
import random
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTS = os.path.join(ROOT, "chapters", "06_backends", "python", "tests")
DATA = os.path.join(TESTS, "data", "pytorch-1.13-python-programs.json")
USER_DATA = os.path.join(TESTS, "data", "pytorch-1.13-user-programs.json")
USER_PROGRAMS = os.path.join(TESTS, "user_programs")
# The examples of issue 40, in the user programs' format: what mini_torch
# once got wrong (a crash, a silent difference), kept as programs.
ISSUE_DATA = os.path.join(TESTS, "data", "pytorch-1.13-issue-programs.json")
ISSUE_PROGRAMS = os.path.join(TESTS, "issue_programs")
sys.path.insert(0, TESTS)
import program_outcomes  # noqa: E402

SEED = 1913
DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "bool"]
FLOATS = ["float32", "float64", "float16", "bfloat16"]
# Values every dtype holds exactly (float16 and bfloat16 included).
FLOAT_VALUES = [-2.5, -1.0, -0.5, 0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0]
INT_VALUES = [-3, -2, -1, 0, 1, 2, 3, 4, 5]
SHAPES = [(), (1,), (3,), (2, 3), (2, 1), (1, 3), (3, 1), (2, 2), (0,), (2, 0)]
# Factories whose values differ from one recording to the next.
UNSEEN_VALUES = ("torch.rand(", "torch.randint(", "torch.empty_like(")

SHOW = '''
def show(t):
    print(t.dtype, list(t.shape), t.tolist())
'''
# Transcendental results differ between libms in the last bits: 5 digits.
SHOW_ROUNDED = '''
def rounded(v):
    if isinstance(v, list):
        return [rounded(x) for x in v]
    return float(f"{v:.5g}") if isinstance(v, float) else v


def show(t):
    print(t.dtype, list(t.shape), rounded(t.tolist()))
'''


def lit(value):
    """Python source for a value: nested lists, nan and inf included."""
    if isinstance(value, list):
        return "[" + ", ".join(lit(v) for v in value) + "]"
    if isinstance(value, float):
        if value != value:
            return "float('nan')"
        if value in (float("inf"), float("-inf")):
            return "float('inf')" if value > 0 else "-float('inf')"
    return repr(value)


def numel(shape):
    count = 1
    for size in shape:
        count *= size
    return count


def nest(flat, shape):
    if not shape:
        return flat[0]
    step = numel(shape[1:])
    return [nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.programs = []

    def add(self, family, body, helper=SHOW):
        """body: the program's lines after `import torch` (and the helper)."""
        source = "import torch\n" + (helper.lstrip("\n") + "\n" if helper else "") + "\n".join(body) + "\n"
        digest = hashlib.sha256(source.encode()).hexdigest()[:10]
        self.programs.append((f"{family}-{digest}", source))

    # --- values -----------------------------------------------------------

    def values(self, dtype, count, nonzero=False):
        if dtype == "bool":
            return [self.rng.choice([True, False]) for _ in range(count)]
        pool = INT_VALUES if dtype == "int64" else FLOAT_VALUES
        if nonzero:
            pool = [v for v in pool if v != 0]
        return [self.rng.choice(pool) for _ in range(count)]

    def tensor_expr(self, dtype, shape, nonzero=False, requires_grad=False):
        data = nest(self.values(dtype, numel(shape), nonzero), shape)
        extra = ", requires_grad=True" if requires_grad else ""
        return f"torch.tensor({lit(data)}, dtype=torch.{dtype}{extra})"

    def scalar(self, kind, nonzero=False):
        if kind == "bool":
            return self.rng.choice(["True", "False"])
        if kind == "int":
            return str(self.rng.choice([v for v in INT_VALUES if v or not nonzero]))
        return repr(self.rng.choice([v for v in FLOAT_VALUES if v or not nonzero]))

    # --- families ---------------------------------------------------------

    def factories(self):
        rng = self.rng
        datas = [
            "1", "2.5", "True", "False", "-0.0", "0", "[1, 2, 3]", "[1.0, 2.0]", "[True, False]",
            "[1, 2.5]", "[True, 2]", "[True, 2.5]", "[[1, 2], [3, 4]]", "[[1.5], [2.5]]", "[[True], [False]]",
            "[]", "[[]]", "[[], []]", "[[[1, 2]], [[3, 4]]]", "2**62 + 1", "[2**62 + 1, -2**63]", "-2**63",
            "2**63 - 1", "[2**63 - 1, 1]", "2**53 + 1", "[2**53 + 1]", "2**63", "[-2**63 - 1]", "1e40",
            "[1e-50, 1.0]", "[float('nan'), float('inf'), -float('inf')]", "[0.1, 0.2, 0.3]",
            "[[1, 2], [3]]", "[[1, 2], 3]", "'abc'", "[1, 'a']", "None", "[None]", "(1, 2)", "((1.5, 2), (3, 4))",
            "[1, 2**40]", "[123456789012345678]",
        ]
        for data in datas:
            self.add("tensor", [f"t = torch.tensor({data})", "show(t)"])
            dtype = rng.choice(DTYPES)
            self.add("tensor", [f"t = torch.tensor({data}, dtype=torch.{dtype})", "show(t)"])
            self.add("tensor", [f"t = torch.tensor({data})", "print(t)"], helper=None)
        for data in ["[1.0, 2.0]", "[1, 2]", "2.5", "[True]", "[]"]:
            self.add("tensor", [f"t = torch.tensor({data}, requires_grad=True)", "show(t)",
                                "print(t.requires_grad, t.is_leaf, t.grad_fn)"])
        for dtype in DTYPES:
            for data in ["[1, 0, 3]", "[0.5, 1.5]", "[True, False]", "[2**62 + 1]", "[-1]", "[300]",
                         "[70000.0]", "[1e-8]"]:
                self.add("tensor", [f"t = torch.tensor({data}, dtype=torch.{dtype})", "show(t)"])
        self.add("tensor", ["a = torch.tensor([1.0, 2.0])", "b = torch.tensor(a)", "b.add_(1)", "show(a)", "show(b)"])
        self.add("tensor", ["t = torch.tensor([1, 2], dtype=torch.float64, device='cpu')",
                            "show(t)", "print(t.device)"])
        self.add("tensor", ["t = torch.tensor([1, 2], dtype='float32')", "show(t)"])
        self.add("tensor", ["t = torch.tensor([1, 2], torch.float32)", "show(t)"])

        sizes = ["2, 3", "(2, 3)", "[2, 3]", "size=(2, 3)", "0", "(0, 2)", "3", "()", "1, 1, 2", "-1", "(2, -3)",
                 "2.5", "'a'", "(2, 3), (4,)"]
        for factory in ["zeros", "ones", "empty", "randn"]:
            for size in sizes:
                for dtype in [None, rng.choice(DTYPES)]:
                    extra = f", dtype=torch.{dtype}" if dtype else ""
                    print_values = factory in ("zeros", "ones")
                    self.add(factory, [f"t = torch.{factory}({size}{extra})",
                                       "show(t)" if print_values else "print(t.dtype, list(t.shape))"])
            self.add(factory, [f"t = torch.{factory}(2, requires_grad=True)",
                               "print(t.dtype, list(t.shape), t.requires_grad, t.is_leaf)"])
            self.add(factory, [f"t = torch.{factory}(2, dtype=torch.int64, requires_grad=True)",
                               "print(t.requires_grad)"])
            self.add(factory, [f"t = torch.{factory}(2, device='cpu')", "print(t.device, t.dtype)"])
            self.add(factory, [f"t = torch.{factory}(2, dtype=torch.float32, bogus=1)", "print(t.dtype)"])
        for fill in ["3", "2.5", "True", "False", "-0.0", "2**62 + 1", "float('nan')", "'x'", "None"]:
            for dtype in [None, rng.choice(DTYPES), rng.choice(DTYPES)]:
                extra = f", dtype=torch.{dtype}" if dtype else ""
                size = rng.choice(["(2,)", "(2, 2)", "()", "[3]", "(0,)"])
                self.add("full", [f"t = torch.full({size}, {fill}{extra})", "show(t)"])
        self.add("full", ["t = torch.full((2,), 1.5, requires_grad=True)", "show(t)", "print(t.requires_grad)"])
        self.add("full", ["t = torch.full(2, 1.5)", "show(t)"])
        aranges = ["5", "0, 5", "0., 5", "0, 5.", "1, 4, 0.5", "-3, 3, 2", "10, 0, -3", "0, 1, 0.1", "5, 5",
                   "0, 10, 0", "10, 0", "0, 3, 1.5", "2**40, 2**40 + 3", "end=4", "start=1, end=4", "1, 4, step=2",
                   "0.5", "True", "-2", "0, -5, -1.5"]
        for args in aranges:
            self.add("arange", [f"t = torch.arange({args})", "show(t)"])
            dtype = rng.choice(DTYPES)
            self.add("arange", [f"t = torch.arange({args}, dtype=torch.{dtype})", "show(t)"])
        for args in ["3", "1", "0", "2, 3", "-1", "2.0", "n=2"]:
            self.add("eye", [f"t = torch.eye({args})", "show(t)"])
            self.add("eye", [f"t = torch.eye({args}, dtype=torch.{rng.choice(DTYPES)})", "show(t)"])

    def binary(self, count):
        """add, sub, mul, div, atan2 and the comparisons, every form."""
        rng = self.rng
        arithmetic = {"add": "+", "sub": "-", "mul": "*", "div": "/"}
        comparisons = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
        ops = list(arithmetic) + ["atan2"] + list(comparisons)
        broadcastable = [((3,), (3,)), ((2, 3), (3,)), ((2, 1), (1, 3)), ((2, 3), (2, 3)), ((), (3,)),
                         ((3,), ()), ((2, 3), ()), ((0,), (1,)), ((3, 1), (3,)), ((), ())]
        mismatched = [((3,), (2,)), ((2, 3), (3, 2)), ((2, 3), (2,))]
        for _ in range(count):
            op = rng.choice(ops)
            forms = ["function", "method", "scalar_right", "inplace_method", "out"]
            if op in arithmetic:
                forms += ["operator", "operator", "reflected", "inplace_operator"]
            if op in comparisons:
                # a.eq_(b) is rarer in user code than a == b and 2 < a.
                forms += ["operator", "operator", "operator", "reflected", "reflected"]
            form = rng.choice(forms)
            transcendental = op == "atan2" or (op == "div" and rng.random() < 0.5)
            da, db = rng.choice(DTYPES), rng.choice(DTYPES)
            shapes = rng.choice(mismatched) if rng.random() < 0.08 else rng.choice(broadcastable)
            a = self.tensor_expr(da, shapes[0])
            b = self.tensor_expr(db, shapes[1], nonzero=op == "div")
            kind = rng.choice(["int", "float", "bool"])
            s = self.scalar(kind, nonzero=op == "div")
            lines = [f"a = {a}"]
            alpha = ""
            if op in ("add", "sub") and form in ("function", "method", "inplace_method", "out") and rng.random() < 0.3:
                alpha = f", alpha={rng.choice(['2', '0.5', 'True', '-1'])}"
            if form == "function":
                lines += [f"b = {b}", f"r = torch.{op}(a, b{alpha})", "show(r)"]
            elif form == "method":
                lines += [f"b = {b}", f"r = a.{op}(b{alpha})", "show(r)"]
            elif form == "operator":
                symbol = arithmetic.get(op) or comparisons[op]
                lines += [f"b = {b}", f"r = a {symbol} b", "show(r)"]
            elif form == "scalar_right":
                how = rng.choice(["function", "method", "operator"]) if op != "atan2" else "method"
                if op == "atan2" and rng.random() < 0.6:  # atan2 takes no number: once in a while is enough
                    s = f"torch.tensor({s})"
                if how == "function":
                    lines += [f"r = torch.{op}(a, {s})", "show(r)"]
                elif how == "method":
                    lines += [f"r = a.{op}({s})", "show(r)"]
                else:
                    lines += [f"r = a {arithmetic.get(op) or comparisons[op]} {s}", "show(r)"]
            elif form == "reflected":
                # 2 < a is a.__gt__(2) in Python: the reflected comparison.
                lines += [f"r = {s} {arithmetic.get(op) or comparisons[op]} a", "show(r)"]
            elif form == "inplace_method":
                lines += [f"b = {b}", f"r = a.{op}_(b{alpha})", "show(a)", "print(r is a)"]
            elif form == "inplace_operator":
                other = rng.choice(["b", s])
                lines += [f"b = {b}", "before = a", f"a {arithmetic[op]}= {other}", "show(a)", "print(a is before)"]
            elif form == "out":
                do = rng.choice([da, db, "float32", "bool", "int64"])
                out_shape = rng.choice([shapes[0], shapes[1], (0,), (2, 3)])
                lines += [f"b = {b}", f"o = torch.zeros({list(out_shape)}, dtype=torch.{do})",
                          f"r = torch.{op}(a, b{alpha}, out=o)", "show(o)", "print(r is o)"]
            self.add(f"binary_{op}", lines, helper=SHOW_ROUNDED if transcendental else SHOW)
        # Every pair of dtypes once, with a 0-d tensor and with a Python number
        # on either side: the type promotion table, printed.
        for da in DTYPES:
            for db in DTYPES:
                op = rng.choice(["add", "mul", "sub", "div", "eq", "lt"])
                a = self.tensor_expr(da, (2,))
                b = self.tensor_expr(db, ())
                self.add("promotion", [f"a = {a}", f"b = {b}", f"show(torch.{op}(a, b))", f"show(torch.{op}(b, a))"],
                         helper=SHOW_ROUNDED)
                self.add("promotion", [f"a = {a}", f"b = {self.tensor_expr(db, (2,))}", f"show(torch.{op}(a, b))"],
                         helper=SHOW_ROUNDED)
            for kind in ["int", "float", "bool"]:
                op = rng.choice(["add", "mul", "sub", "div", "ne", "ge"])
                s = self.scalar(kind, nonzero=True)
                self.add("promotion", [f"a = {self.tensor_expr(da, (2,))}", f"show(torch.{op}(a, {s}))",
                                       f"show(a.{op}({s}))"], helper=SHOW_ROUNDED)
        # Near the int64 limit: no value may pass through a double.
        for expr in ["a + 1", "a - 1", "a * 1", "a + b", "a - b", "a * 2", "-a", "a == a + 1", "a.sum()", "a / 1",
                     "a.clone()", "a.add(1, alpha=2)", "a.neg()", "2 - a"]:
            self.add("int64_limits", ["a = torch.tensor([2**62 + 1, 2**63 - 1, -2**63, 9007199254740993])",
                                      "b = torch.tensor([1, 1, 1, 1])", f"r = {expr}", "show(r)"])

    def unary(self, count):
        rng = self.rng
        ops = ["neg", "relu", "exp", "sigmoid", "sin", "cos", "clone", "t", "sum", "neg_", "relu_", "exp_", "sigmoid_",
               "fill_", "argmax", "log_softmax"]
        for _ in range(count):
            op = rng.choice(ops)
            dtype = rng.choice(DTYPES)
            shape = rng.choice(SHAPES + [(2, 3, 1)])
            a = self.tensor_expr(dtype, shape)
            form = rng.choice(["function", "method", "method"])
            args = ""
            if op == "fill_":
                args = rng.choice(["2", "1.5", "True", "-0.5", "a.sum()", "'x'"])
            if op == "sum" and rng.random() < 0.6:
                args = rng.choice(["0", "1", "-1", "(0, 1)", "[0]", "dim=0", "0, keepdim=True", "dim=[]",
                                   "(1, 0), True", "3", "dim=(0, 0)", "dtype=torch.float64"])
            if op == "argmax":
                args = rng.choice(["", "0", "-1", "dim=1", "0, keepdim=True", "None, True", "3"])
            if op == "log_softmax":  # its dim is required (1.13's log_softmax.int)
                args = rng.choice(["0", "-1", "1", "dim=0", "0, dtype=torch.float64", "3"])
            if op in ("neg", "relu", "exp", "sigmoid") and rng.random() < 0.2:
                op += "_"
            call = f"torch.{op}(a{', ' + args if args else ''})" if form == "function" else f"a.{op}({args})"
            if op == "neg" and rng.random() < 0.3:
                call = "-a"
            lines = [f"a = {a}", f"r = {call}", "show(r)"]
            if op.endswith("_"):
                lines += ["show(a)", "print(r is a)"]
            transcendental = op.rstrip("_") in ("exp", "sigmoid", "sin", "cos", "log_softmax")
            self.add(f"unary_{op}", lines, helper=SHOW_ROUNDED if transcendental else SHOW)

    def matmul_lerp_views(self):
        rng = self.rng
        pairs = [((3,), (3,)), ((2, 3), (3,)), ((3,), (3, 2)), ((2, 3), (3, 2)), ((2, 3), (2, 3)), ((3,), (2,)),
                 ((0, 3), (3, 2)), ((2, 0), (0, 3)), ((1, 1), (1, 1)), ((), (3,)), ((2, 3, 1), (1, 2))]
        for sa, sb in pairs:
            for _ in range(4):
                da = rng.choice(["float32", "float32", "float64", "int64", "float16", "bool", "bfloat16"])
                db = da if rng.random() < 0.8 else rng.choice(DTYPES)
                form = rng.choice(["torch.matmul(a, b)", "a.matmul(b)", "a @ b", "torch.matmul(a, b, out=o)"])
                lines = [f"a = {self.tensor_expr(da, sa)}", f"b = {self.tensor_expr(db, sb)}"]
                if "out=" in form:
                    lines.append(f"o = torch.zeros({rng.choice(['[2]', '[2, 2]', '[]', '[0]'])}, dtype=torch.{da})")
                lines += [f"r = {form}", "show(r)"]
                self.add("matmul", lines)
        for _ in range(40):
            first = rng.choice(FLOATS)
            dtypes = [first] + [first if rng.random() < 0.8 else rng.choice(DTYPES) for _ in range(2)]
            shape = rng.choice([(3,), (2, 3), ()])
            weight = rng.choice([self.tensor_expr(dtypes[2], shape), self.tensor_expr(dtypes[2], ()),
                                 "0.5", "0.25"])
            form = rng.choice(["torch.lerp(a, b, w)", "a.lerp(b, w)", "a.lerp_(b, w)", "torch.lerp(a, b, w, out=o)"])
            lines = [f"a = {self.tensor_expr(dtypes[0], shape)}", f"b = {self.tensor_expr(dtypes[1], shape)}",
                     f"w = {weight}", f"o = torch.zeros({list(shape)}, dtype=torch.{dtypes[0]})", f"r = {form}",
                     "show(r)", "show(a)"]
            self.add("lerp", lines)
        views = ["a.view(3, 2)", "a.view(-1)", "a.view((2, 3))", "a.view([6])", "a.view(-1, 2)", "a.view(4, -1)",
                 "a.view(-1, -1)", "a.view(6, 1, 1)", "a.t().view(-1)", "a.t().view(3, 2)", "a.t()", "a.t().t()",
                 "a.view(2, 3).t()", "a.view(())", "a.view(7)", "a.view(2.5)", "torch.t(a)", "a.view(1, 6).t()"]
        for expr in views:
            dtype = rng.choice(DTYPES)
            self.add("view", [f"a = {self.tensor_expr(dtype, (2, 3))}", f"r = {expr}", "show(r)"])
            self.add("view", [f"a = {self.tensor_expr(dtype, (2, 3))}", f"r = {expr}", "r.fill_(7)", "show(a)"])
        for shape in [(), (3,), (1, 3), (2, 3, 1)]:
            self.add("view", [f"a = {self.tensor_expr('float32', shape)}", "show(a.t())"])
        for _ in range(50):
            da, db = rng.choice(DTYPES), rng.choice(DTYPES)
            sa = rng.choice([(3,), (2, 3), ()])
            sb = rng.choice([sa, sa, (3,), (1,), (), (2,)])
            form = rng.choice(["r = a.copy_(b)", "r = a.clone()", "r = torch.clone(a)", "r = a.to(torch.%s)" % db,
                               "r = a[1:]", "r = a[-2:9]", "r = a[:, ::2]", "r = a[::-1]", "r = a[0]",
                               "r = a.to('cpu')", "r = a.to(dtype=torch.%s)" % db, "r = a.to('cpu', torch.%s)" % db,
                               "r = a.to(b)", "r = a.to(device='cpu', dtype=torch.%s)" % db])
            self.add("copy", [f"a = {self.tensor_expr(da, sa)}", f"b = {self.tensor_expr(db, sb)}", form,
                              "show(r)", "print(r is a)", "b.fill_(0)" if "copy_" in form else "a.fill_(0)",
                              "show(r)"])

    def printing(self):
        rng = self.rng
        datas = ["[1.0, 2.5]", "[1, 2, 3]", "[True, False]", "2.5", "7", "True", "[]", "[[]]",
                 "[[1.5, 2.0], [3.0, 4.0]]",
                 "[0.1, 0.25, 1e-5]", "[1e10, 1.0]", "[123456.7, 1.0]", "[1e-10]", "[1.0, float('nan')]",
                 "[float('inf'), -float('inf'), 1.0]", "[-0.0, 0.0]", "-0.0", "[100.0, 2.0]", "[1.0, 2.0, 3.0]",
                 "[0.001, 1000.0]", "[-1.5, 2.25]", "[2**62 + 1, 5]", "[-2**63, 0]", "[[1, -20], [300, 4]]",
                 "[[[1.0]], [[2.0]]]", "[1e100]", "[float('nan')]", "[0.5, float('nan'), float('inf')]", "[1.0] * 6",
                 "[[0.0, 1.0]] * 3", "[12345.0]", "[1.0, 1.0001]", "[3.14159, 2.71828]", "[1e-4, 1e4]",
                 "[[2**40, -1]]", "[65504.0, 1.0]"]
        for data in datas:
            for dtype in [None] + rng.sample(DTYPES, 3):
                extra = f", dtype=torch.{dtype}" if dtype else ""
                how = rng.choice(["print(t)", "print(repr(t))", "print(str(t))", "print(f'{t}')", "print([t])"])
                self.add("print", [f"t = torch.tensor({data}{extra})", how], helper=None)
        larges = ["torch.arange(2000)", "torch.arange(1001.)", "torch.zeros(1000)", "torch.ones(1001)",
                  "torch.ones(40, 30)", "torch.arange(1200).view(2, 600)", "torch.arange(3000.).view(10, 10, 30)",
                  "torch.full((1001,), 2.5)", "torch.arange(2000).view(1000, 2)", "torch.zeros(2, 501)",
                  "torch.arange(1001, dtype=torch.bool)", "torch.arange(1024, dtype=torch.float16)",
                  "torch.arange(1500, dtype=torch.bfloat16)", "torch.arange(1001, dtype=torch.float64) / 7",
                  "torch.zeros(0, 2000)", "torch.arange(6000).view(2, 3, 1000)"]
        for expr in larges:
            self.add("print_large", [f"t = {expr}", "print(t)"], helper=None)
        for expr in ["torch.tensor([1.0, 2.0], requires_grad=True)",
                     "torch.tensor([1.0, 2.0], requires_grad=True) * 2",
                     "torch.tensor([1.0, 2.0], requires_grad=True) + 1",
                     "torch.tensor([1.0, 2.0], requires_grad=True).sum()",
                     "torch.tensor(2.0, requires_grad=True)",
                     "torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True).exp()",
                     "torch.tensor([[1.0, 2.0]], requires_grad=True).t()",
                     "torch.tensor([1.0, 2.0], requires_grad=True).view(2, 1)",
                     "torch.tensor([1.0, 2.0], requires_grad=True).detach()",
                     "torch.tensor([1.0, 2.0], requires_grad=True).clone()",
                     "-torch.tensor([1.0, 2.0], requires_grad=True)",
                     "2 - torch.tensor([1.0, 2.0], requires_grad=True)",
                     "torch.tensor([1.0, 2.0], requires_grad=True).to(torch.float64)"]:
            self.add("print_grad", [f"t = {expr}", "print(t)"], helper=None)
        for dtype in DTYPES:
            for what in ["print(t.dtype)", "print(repr(t.dtype))", "print(str(t.dtype))", "print(t.device)",
                         "print(repr(t.device))", "print(t.shape)", "print(t.size())", "print(repr(t.shape))",
                         "print([t.dtype, t.device])"]:
                self.add("print_attr", [f"t = {self.tensor_expr(dtype, (2, 3))}", what], helper=None)
        for expr in ["torch.float32", "torch.int64", "torch.bool", "torch.float16", "torch.bfloat16", "torch.float64",
                     "torch.device('cpu')", "torch.device('cpu') == torch.device('cpu')",
                     "torch.float32 == torch.float32",
                     "torch.float32 is torch.float32", "torch.float32.is_floating_point",
                     "torch.int64.is_floating_point",
                     "torch.float16.itemsize", "torch.device('cpu').type", "torch.device('cuda')",
                     "torch.device('bogus')",
                     "torch.is_grad_enabled()", "torch.float", "torch.double", "torch.long", "torch.half",
                     "torch.int32", "torch.uint8"]:
            self.add("print_attr", [f"print({expr})"], helper=None)

    def attributes(self):
        rng = self.rng
        for dtype in DTYPES:
            for shape in [(), (1,), (3,), (2, 3), (0,), (1, 1)]:
                a = self.tensor_expr(dtype, shape)
                for what in ["item", "tolist", "bool", "len", "size", "numel", "int", "float"]:
                    expr = {"item": "t.item()", "tolist": "t.tolist()", "bool": "bool(t)", "len": "len(t)",
                            "size": rng.choice(["t.size()", "list(t.size())", "t.size(0)", "t.size(-1)", "t.size(2)",
                                                "t.size(dim=0)", "list(t.shape)", "t.shape[0]", "t.dim()"]),
                            "numel": "t.numel()", "int": "int(t)", "float": "float(t)"}[what]
                    if rng.random() < 0.55 and what not in ("bool",):
                        continue
                    self.add("attribute", [f"t = {a}", f"v = {expr}", "print(type(v).__name__, v)"], helper=None)
        for data in ["2**62 + 1", "[2**62 + 1]", "-2**63", "[[2**63 - 1]]", "9007199254740993", "0.1", "-0.0",
                     "float('nan')", "[[True]]", "[]"]:
            for expr in ["t.item()", "t.tolist()", "bool(t)", "int(t)"]:
                self.add("attribute", [f"t = torch.tensor({data})", f"v = {expr}", "print(type(v).__name__, v)"],
                         helper=None)
        for data in ["[0.0]", "[1.0]", "0", "1", "[False]", "[[True]]", "[float('nan')]", "-0.0", "[0, 0]",
                     "[]"]:
            self.add("attribute", [f"t = torch.tensor({data})", "print(bool(t))",
                                   "print('yes' if t else 'no')", "print(not t)"], helper=None)
        for expr in ["torch.tensor([1.0], requires_grad=True)", "torch.tensor([1.0], requires_grad=True) * 2",
                     "torch.tensor([1.0])", "torch.tensor([1.0], requires_grad=True).detach()",
                     "torch.tensor([1.0], requires_grad=True).view(1, 1)", "torch.ones(2, requires_grad=True).sum()"]:
            self.add("attribute", [f"t = {expr}", "print(t.requires_grad, t.is_leaf)",
                                   "print(None if t.grad_fn is None else t.grad_fn.name())",
                                   "print(None if t.grad_fn is None else type(t.grad_fn).__name__)"], helper=None)
        for what in ["t.shape == (2, 3)", "t.shape == torch.Size([2, 3])", "t.size() == (2, 3)", "tuple(t.shape)",
                     "t.shape[-1]", "len(t.shape)", "t.shape[1:]", "t.dtype == torch.float32", "t.device.type",
                     "str(t.device)", "t.is_leaf", "t.grad", "t.requires_grad", "t.ndim", "t.T", "t.is_cuda",
                     "t.data", "t.names", "t.layout", "t.nbytes", "t.element_size()", "t.is_contiguous()",
                     "t.stride()", "t.storage_offset()", "t.numpy()", "t.float()", "t.long()", "t.double()",
                     "t.abs()", "t.mean()", "t.reshape(3, 2)", "t[0]", "t[0, 1]", "t[:, 1]", "t ** 2", "t // 2",
                     "t % 2", "abs(t)", "t.max()", "t.argmax()", "t.cpu()", "t.contiguous()", "t.unsqueeze(0)",
                     "t.squeeze()", "t.permute(1, 0)", "t.transpose(0, 1)", "t.sqrt()", "t.pow(2)", "t.log()",
                     "t.expand(2, 2, 3)", "t.flatten()", "t.zero_()", "t.type()", "t.new_zeros(2)", "t.sigmoid()",
                     "t.tanh()", "t.mm(t.t())", "t.sub_(1).neg_()", "t.retain_grad()", "t.register_hook(print)"]:
            self.add("attribute", ["t = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])", f"v = {what}",
                                   "print(v)"], helper=None)
        for what in ["torch.cat([t, t])", "torch.stack([t, t])", "torch.zeros_like(t)", "torch.ones_like(t)",
                     "torch.where(t > 2, t, t)", "torch.max(t)", "torch.mean(t)", "torch.manual_seed(0)",
                     "torch.from_numpy", "torch.nn.Linear(2, 3)", "torch.nn.functional.relu(t)", "torch.optim.SGD",
                     "torch.autograd.grad(t.sum(), t)", "torch.linspace(0, 1, 5)", "torch.rand(2)",
                     "torch.randint(0, 5, (2,))", "torch.abs(t)", "torch.sqrt(t)", "torch.cuda.is_available()",
                     "torch.set_grad_enabled(False)", "torch.Tensor([1, 2])", "torch.FloatTensor([1])",
                     "torch.float32(1)", "torch.is_tensor(t)", "torch.numel(t)", "torch.allclose(t, t)",
                     "torch.equal(t, t)", "torch.sigmoid(t)", "torch.tanh(t)", "torch.empty_like(t)",
                     "torch.full_like(t, 2)", "torch.tensor([1.0]).requires_grad_().pow(2)"]:
            # A value torch draws (from the program server's generator, whose
            # state the programs before leave) or leaves uninitialized differs
            # at every recording: it shows as empty() and randn() do above.
            shown = "print(v.dtype, list(v.shape))" if what.startswith(UNSEEN_VALUES) else "print(v)"
            self.add("missing", ["t = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)",
                                 f"v = {what}", shown], helper=None)

    def graph(self, leaves, depth):
        """A random differentiable expression over `leaves` (names of float
        tensors of shape (3,) or (2, 3)) and what its backward needs."""
        rng = self.rng
        if depth == 0 or rng.random() < 0.25:
            return rng.choice(leaves)
        kind = rng.choice(["binary"] * 4 + ["unary"] * 3 + ["scalar"] * 2 + ["view"])
        a = self.graph(leaves, depth - 1)
        if kind == "binary":
            b = self.graph(leaves, depth - 1)
            op = rng.choice(["+", "-", "*", "torch.add", "torch.mul", "torch.sub", ".atan2", "lerp", "div"])
            if op in "+-*":
                return f"({a} {op} {b})"
            if op == ".atan2":
                return f"{a}.atan2({b})"
            if op == "lerp":
                return f"torch.lerp({a}, {b}, 0.25)"
            if op == "div":
                return f"({a} / ({b}.exp() + 1))"
            return f"{op}({a}, {b})"
        if kind == "unary":
            return rng.choice([f"{a}.exp()", f"torch.sin({a})", f"{a}.cos()", f"torch.relu({a})", f"(-{a})",
                               f"{a}.neg()", f"{a}.clone()", f"torch.exp({a} * 0.5)", f"torch.sigmoid({a})",
                               f"{a}.sigmoid()", f"torch.log_softmax({a}, -1)"])
        if kind == "scalar":
            s = rng.choice(["2", "0.5", "3.0", "-1", "True"])
            return rng.choice([f"({a} * {s})", f"({s} * {a})", f"({s} - {a})", f"({a} - {s})", f"({a} + {s})",
                               f"({a} / 2)", f"{a}.mul({s})", f"{a}.add({s}, alpha=2)"])
        return rng.choice([f"{a}.view(-1).view({a}.shape)", f"{a}.t().t()", f"{a}.clone()"])

    def autograd(self, count):
        rng = self.rng
        for _ in range(count):
            dtype = rng.choice(["float32", "float32", "float64", "float64", "float16", "bfloat16"])
            shapes = rng.choice([((3,), (3,)), ((2, 3), (2, 3)), ((2, 3), (3,)), ((3,), ()), ((2, 3), (1, 3))])
            lines = [f"x = {self.tensor_expr(dtype, shapes[0], requires_grad=True)}",
                     f"w = {self.tensor_expr(dtype, shapes[1], requires_grad=True)}",
                     f"c = {self.tensor_expr(dtype, shapes[0])}"]
            expr = "c"
            while not re.search(r"\b[xw]\b", expr):  # a graph, not a constant
                expr = self.graph(["x", "w", "c", "x"], rng.choice([1, 2, 3]))
            reduce = rng.choice([".sum()", ".sum()", ".sum(0).sum()", ".sum(dim=-1, keepdim=True).sum()", ""])
            lines.append(f"y = ({expr}){reduce}")
            scenario = rng.choice(["once", "once", "twice_retained", "twice", "stale_reference", "gradient",
                                   "zero_grad", "assign_grad", "no_grad_inside"])
            if reduce == "":
                lines.append(rng.choice(["y.backward(torch.ones_like(y))" if rng.random() < 0.1 else
                                         "y.backward(torch.full(y.shape, 0.5, dtype=y.dtype))", "y.backward()",
                                         "y.sum().backward()"]))
            elif scenario == "once":
                lines.append("y.backward()")
            elif scenario == "twice_retained":
                lines += ["y.backward(retain_graph=True)", "y.backward()"]
            elif scenario == "twice":
                lines += ["y.backward()", "print('first done')", "y.backward()"]
            elif scenario == "stale_reference":
                lines += ["y.backward(retain_graph=True)", "g = x.grad", "y.backward()", "show(g)",
                          "print(g is x.grad)"]
            elif scenario == "gradient":
                lines += ["y.backward(torch.tensor(2.0, dtype=y.dtype))"]
            elif scenario == "zero_grad":
                lines += ["y.backward(retain_graph=True)", "x.grad = None", "y.backward()"]
            elif scenario == "assign_grad":
                grad = rng.choice(["torch.zeros_like(x)", "torch.ones(x.shape, dtype=x.dtype)",
                                   "torch.ones(7, dtype=x.dtype)", "torch.ones(x.shape, dtype=torch.int64)",
                                   "torch.ones(x.shape, dtype=torch.float64)", "5", "x.detach().clone()"])
                lines += [f"x.grad = {grad}", "y.backward()"]
            elif scenario == "no_grad_inside":
                lines += ["with torch.no_grad():", "    z = x * 2",
                          "    print(z.requires_grad, torch.is_grad_enabled())",
                          "y.backward()", "print(z.requires_grad, z.grad_fn)"]
            lines += ["show(x.grad) if x.grad is not None else print(None)",
                      "show(w.grad) if w.grad is not None else print(None)",
                      "print(c.grad, y.requires_grad, y.is_leaf, x.is_leaf)"]
            self.add("autograd", lines, helper=SHOW_ROUNDED)
        fixed = [
            ["x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)", "y = x * x", "y.backward()"],
            ["x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)", "y = x * x",
             "y.backward(torch.ones(2))"],
            ["x = torch.tensor([1.0, 2.0])", "y = x * 2", "y.sum().backward()"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = (x + x).sum()", "y.backward()",
             "y.backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = (x * x).sum()", "y.backward()",
             "y.backward()"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = (x * x).sum()",
             "y.backward(retain_graph=True)", "y.backward(retain_graph=True)", "y.backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = (x * x).sum()", "y.backward(create_graph=True)",
             "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = (x * x).sum()", "y.backward(None, True)",
             "y.backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = (x * x).sum()", "y.backward(inputs=[x])",
             "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "x.add_(1)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "x += 1"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "with torch.no_grad():", "    x.add_(1)", "show(x)",
             "print(x.requires_grad, x.is_leaf, x.grad_fn)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x.exp()", "y.add_(1)", "y.sum().backward()",
             "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2", "y.add_(1)", "y.sum().backward()",
             "show(x.grad)", "print(y.grad_fn.name())"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "a = x * 1", "y = a * a", "a.mul_(2)",
             "y.sum().backward()"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "d = x.detach()", "print(d.requires_grad, d.is_leaf)",
             "d.add_(1)", "show(x)", "y = (x * 2).sum()", "y.backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x.exp()", "d = y.detach()", "d.zero_()"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x.exp()", "d = y.detach()", "d.fill_(0)",
             "y.sum().backward()"],
            ["x = torch.tensor([1.0, 2.0])", "x.requires_grad_()", "print(x.requires_grad, x.is_leaf)",
             "(x * 3).sum().backward()", "show(x.grad)", "x.requires_grad_(False)", "print(x.requires_grad)"],
            ["x = torch.tensor([1, 2])", "x.requires_grad_()"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2", "y.requires_grad_(False)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2", "y.requires_grad_()",
             "print(y.requires_grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "r = x.requires_grad_()", "print(r is x)"],
            ["x = torch.tensor([1.0, 2.0])", "x.requires_grad = True", "(x * x).sum().backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2", "y.requires_grad = False"],
            ["x = torch.tensor([1, 2])", "x.requires_grad = True"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "x.grad = torch.tensor([1.0, 1.0])",
             "g = x.grad", "(x * 3).sum().backward()", "show(x.grad)", "show(g)", "print(g is x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "x.grad = torch.tensor([1.0, 1.0, 1.0])"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "x.grad = torch.tensor([1, 1])"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)",
             "x.grad = torch.tensor([1.0, 1.0], dtype=torch.float64)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "x.grad = 3"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "x.grad = [1.0, 2.0]"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "x.grad = None", "print(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2", "y.grad = torch.ones(2)",
             "print(y.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2", "print(y.grad)", "print(y.is_leaf)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "(x * 2).sum().backward()", "g = x.grad",
             "(x * 3).sum().backward()", "show(g)", "print(g is x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "(x * 2).sum().backward()", "g = x.grad",
             "with torch.no_grad():", "    g.zero_()", "(x * 3).sum().backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "(x * 2).sum().backward()", "x.grad.zero_()",
             "(x * 5).sum().backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "print(torch.is_grad_enabled())",
             "with torch.no_grad():", "    print(torch.is_grad_enabled())", "    y = x * 2",
             "    with torch.enable_grad():", "        z = x * 2", "        print(torch.is_grad_enabled())",
             "print(torch.is_grad_enabled(), y.requires_grad, z.requires_grad, y.grad_fn)"],
            ["@torch.no_grad()", "def f(x):", "    return x * 2", "x = torch.tensor([1.0], requires_grad=True)",
             "print(f(x).requires_grad, torch.is_grad_enabled())"],
            ["x = torch.tensor([1.0], requires_grad=True)", "with torch.no_grad():", "    y = x * 2",
             "y.sum().backward()"],
            ["x = torch.tensor([1.0], requires_grad=True)", "try:", "    with torch.no_grad():",
             "        raise ValueError('inside')", "except ValueError as e:", "    print('caught', e)",
             "print(torch.is_grad_enabled())"],
            ["x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)",
             "y = x.view(3, 2).t()", "(y * y).sum().backward()", "show(x.grad)"],
            ["x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)",
             "y = x.t().view(-1)", "y.sum().backward()", "show(x.grad)"],
            ["x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)", "w = torch.tensor([0.5, -1.0], "
             "requires_grad=True)", "y = (x @ w).sum()", "y.backward()", "show(x.grad)", "show(w.grad)"],
            ["x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)", "y = (x @ x.t()).sum()",
             "y.backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x.to(torch.float64).sum()", "y.backward()",
             "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = torch.zeros(2)", "y.copy_(x)",
             "print(y.requires_grad, y.grad_fn.name())", "(y * 2).sum().backward()", "show(x.grad)"],
            ["x = torch.tensor([1.0, -2.0], requires_grad=True)", "y = torch.relu(x).sum()", "y.backward()",
             "show(x.grad)"],
            ["x = torch.tensor([0.0, 2.0], requires_grad=True)", "y = x.relu().sum()", "y.backward()",
             "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x.sum()", "print(y.grad_fn.name())",
             "print([type(f).__name__ if f is not None else None for f, _ in y.grad_fn.next_functions])"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2",
             "print(y.grad_fn.next_functions[0][0].name())", "print(y.grad_fn.next_functions[0][0].variable is x)"],
            ["x = torch.tensor(3.0, requires_grad=True)", "y = x * x", "y.backward()", "print(x.grad.item())",
             "print(x.grad)"],
            ["x = torch.tensor([1.0], requires_grad=True)", "y = x.sum()", "y.backward(torch.tensor([1.0, 2.0]))"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2", "y.backward(torch.ones(3))"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2",
             "y.backward(torch.ones(2, dtype=torch.float64))", "show(x.grad)"],
            ["x = torch.tensor([1.0, 2.0], requires_grad=True)", "y = x * 2", "y.backward(gradient=2.0)"],
        ]
        for lines in fixed:
            self.add("autograd_fixed", lines)
        # Deep graphs: built, run backward and freed in the program (the
        # harness frees the namespace inside the program's time).
        deep = [
            ["x = torch.tensor([1.0], requires_grad=True)", "y = x", "for i in range(30000):", "    y = y * 1.0",
             "del y", "print('freed')"],
            ["x = torch.tensor([1.0], requires_grad=True)", "y = x", "for i in range(30000):", "    y = y + 0.0",
             "y.sum().backward()", "show(x.grad)", "del y", "print('freed')"],
            ["w = torch.tensor([0.5], requires_grad=True)", "running = torch.tensor(0.0)",
             "for step in range(25000):", "    loss = (w * 2.0).sum()", "    running = running + loss",
             "print(running.item())", "del running", "print('freed')"],
            ["x = torch.tensor([2.0], requires_grad=True)", "y = x", "for i in range(20000):", "    y = y.clone()",
             "print(y.requires_grad)"],
        ]
        for lines in deep:
            self.add("autograd_deep", lines)

    def errors(self):
        # Nothing here asks for a CUDA device: what that does depends on the
        # machine (torch 1.13 here is built without CUDA; mini_torch has a
        # CUDA backend that needs a driver), not on the module.
        cases = [
            "torch.add(a, 'x')", "torch.add(a)", "torch.add()", "a.add(b, b, b)", "torch.add(a, b, foo=1)",
            "a.add(b, alpha='x')", "torch.add(a, b, alpha=2.5)", "torch.mul(a, b, alpha=2)", "a + 'x'", "'x' + a",
            "a + None", "a - [1, 2]", "[1.0, 2.0, 3.0] * a", "a @ 2", "2 @ a", "torch.matmul(a, 2)", "a.view('x')",
            "a.view(2, 'x')", "a.view(2, 2, 2)", "a.view(-1, -1)", "torch.zeros(2, dtype='float32')",
            "torch.zeros(2, dtype=torch.float32, device='bogus')",
            "torch.zeros((2, 'x'))", "torch.ones(2, 3, size=(2, 3))", "torch.full((2,))", "torch.full(2, 3)",
            "torch.arange()", "torch.arange('a')", "torch.eye(2, 3, 4)", "torch.tensor()", "torch.tensor(a, a)",
            "a.sum(5)", "a.sum(dim='x')", "a.sum(0, 1, 2)", "a.t(0)", "a.item()", "a.tolist(1)",
            "len(torch.tensor(1.0))",
            "bool(a)", "a.backward()", "a.requires_grad_(1, 2)", "a.to('bogus')", "a.to(torch.float32, 'x')",
            "a.copy_(torch.zeros(4))", "a.copy_('x')", "a.fill_(a)", "a.fill_([1])", "torch.neg(a, a)",
            "torch.relu(torch.tensor([True]))", "-torch.tensor([True])", "torch.tensor([True]) - torch.tensor([True])",
            "torch.tensor([True]).sub(True)", "torch.tensor([1, 2]).div_(2)", "torch.tensor([1, 2]).add_(1.5)",
            "torch.tensor([True]).add_(1)", "torch.tensor([1, 2]).exp_()",
            "torch.tensor([1, 2]).lerp(torch.tensor([3, 4]), 0.5)",
            "torch.lerp(a, b, torch.tensor([1.0, 2.0]))", "a.add_(torch.zeros(2, 3))",
            "a.atan2_(torch.tensor([1, 2, 3]))",
            "torch.tensor([1, 2]).mul_(torch.tensor([0.5, 0.5]))", "torch.tensor(1.0).view(2)",
            "torch.tensor([1.0, 2.0]) + torch.tensor([1.0, 2.0, 3.0])",
            "torch.zeros(2, 3) * torch.zeros(3, 2)", "torch.ones(2, 3) @ torch.ones(2, 3)",
            "torch.ones(3) @ torch.ones(2)", "torch.ones(2, 3).matmul(torch.ones(4))",
            "torch.ones(2, 3, dtype=torch.float16) @ torch.ones(3, 2, dtype=torch.float16)",
            "torch.ones(2, 3) @ torch.ones(3, 2, dtype=torch.float64)", "torch.tensor([1.0]).size('x')",
            "torch.ones(2).requires_grad_(True).add_(1)", "torch.ops.aten.add.Tensor(a)",
            "torch.ops.aten.nosuchop", "torch.ops.aten.add.nosuchoverload", "torch.nosuchfunction", "a.nosuchmethod()",
            "torch.tensor([1.0]).item() + torch.tensor([1, 2]).item()", "torch.Tensor()", "torch.dtype()",
            "torch.device()", "torch.device(1.5)", "torch.tensor([1.0], dtype=torch.float32, requires_grad='yes')",
            "torch.add(a, b, out=torch.zeros(3, dtype=torch.int64))", "torch.add(a, b, out=5)",
            "torch.exp(a, out=torch.zeros(3, dtype=torch.bool))", "torch.neg(a, out=torch.zeros(2))",
        ]
        for expr in cases:
            self.add("error", ["a = torch.tensor([1.0, 2.0, 3.0])", "b = torch.tensor([4.0, 5.0, 6.0])",
                               f"r = {expr}", "print(r)"], helper=None)

    def ops_namespace(self):
        calls = ["torch.ops.aten.add.Tensor(a, b)", "torch.ops.aten.add.Tensor(a, b, alpha=2)",
                 "torch.ops.aten.add(a, b)",
                 "torch.ops.aten.mul.Tensor(a, b)", "torch.ops.aten.neg.default(a)", "torch.ops.aten.sum.default(a)",
                 "torch.ops.aten.sum.dim_IntList(a, [0], True)", "torch.ops.aten.relu(a)",
                 "torch.ops.aten.rsub.Scalar(a, 2)", "torch.ops.aten.view.default(a, [3, 1])",
                 "torch.ops.aten.clone.default(a)", "torch.ops.aten.t.default(a)", "torch.ops.aten.exp.default(a)",
                 "torch.ops.aten.add.out(a, b, out=torch.zeros(3))", "torch.ops.aten.fill_.Scalar(a.clone(), 2)",
                 "torch.ops.aten.copy_.default(a.clone(), b)", "torch.ops.aten.matmul.default(a, b)",
                 "torch.ops.aten.lerp.Tensor(a, b, torch.tensor(0.5))", "torch.ops.aten.eq.Tensor(a, b)",
                 "torch.ops.aten.lt.Scalar(a, 2)", "torch.ops.aten.add.Tensor(a, 'x')",
                 "torch.ops.aten.div.Tensor(a, b)", "torch.ops.aten.atan2.default(a, b)"]
        for call in calls:
            self.add("ops", ["a = torch.tensor([1.0, 2.0, 3.0])", "b = torch.tensor([0.5, -1.0, 2.0])",
                             f"r = {call}", "show(r)"], helper=SHOW_ROUNDED)
        for expr in ["torch.ops.aten.add.Tensor", "torch.ops.aten.add", "torch.ops.aten.add.Tensor._schema",
                     "torch.ops.aten.neg.default", "torch.ops.aten.sum.default._schema",
                     "torch.ops.aten.add.overloads()",
                     "torch.ops.aten.add.Tensor.name()", "torch.ops.aten.add.Tensor.overloadpacket",
                     "torch.ops.aten.eq.Tensor._schema", "torch.ops.aten.full.default._schema",
                     "torch.ops.aten.arange.start_step._schema", "torch.ops.aten.view.default._schema"]:
            self.add("ops", [f"print({expr})"], helper=None)

    def generate(self):
        self.factories()
        self.binary(420)
        self.unary(160)
        self.matmul_lerp_views()
        self.printing()
        self.attributes()
        self.autograd(120)
        self.errors()
        self.ops_namespace()
        unique = {}
        for name, source in self.programs:
            unique.setdefault(name, source)  # the same program drawn twice is one program
        return list(unique.items())


def programs():
    return Generator(SEED).generate()


def user_programs(folder=USER_PROGRAMS):
    if not os.path.isdir(folder):
        return []
    found = []
    for file in sorted(os.listdir(folder)):
        if file.endswith(".py"):
            with open(os.path.join(folder, file), encoding="utf-8") as handle:
                found.append((file[:-len(".py")], handle.read()))
    return found


def record(named, path, extra, with_source):
    import torch
    outcomes = program_outcomes.run_programs([source for _, source in named], "torch")
    entries = []
    for (name, source), outcome in zip(named, outcomes):
        if outcome["crash"]:
            print(f"{name}: torch itself crashed ({outcome['crash']}); left out", file=sys.stderr)
            continue
        entry = {"name": name}
        entry.update({"source": source} if with_source else
                     {"sha256": hashlib.sha256(source.encode()).hexdigest()})
        entry["stdout"] = outcome["stdout"]
        entry["exception"] = outcome["exception"]
        entries.append(entry)
    data = {"torch": torch.__version__, "generator": "maint/reference/gen_python_programs.py"}
    data.update(extra)
    data["programs"] = entries
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    raised = sum(1 for entry in entries if entry["exception"])
    print(f"{path}: {len(entries)} programs ({raised} end in an exception)")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--record", action="store_true", help="run the programs through torch and write the data")
    parser.add_argument("--user-programs", action="store_true",
                        help="the hand-written programs of tests/user_programs/")
    parser.add_argument("--issue-programs", action="store_true",
                        help="the examples of issue 40 in tests/issue_programs/")
    parser.add_argument("--list", action="store_true", help="print the generated programs")
    args = parser.parse_args()
    if args.list:
        for name, source in programs():
            print(f"# {name}\n{source}")
        return
    if not args.record:
        parser.error("say --record or --list")
    if args.issue_programs:
        record(user_programs(ISSUE_PROGRAMS), ISSUE_DATA,
               {"programs_from": "chapters/06_backends/python/tests/issue_programs"}, with_source=False)
        return
    if args.user_programs:
        record(user_programs(), USER_DATA, {"programs_from": "chapters/06_backends/python/tests/user_programs"},
               with_source=False)
    else:
        record(programs(), DATA, {"seed": SEED}, with_source=True)


if __name__ == "__main__":
    main()
