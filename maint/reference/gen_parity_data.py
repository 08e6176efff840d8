#!/usr/bin/python3
"""Generate chapter 06's differential test data from PyTorch 1.13 itself.

Chapter 06 claims to behave as PyTorch 1.13 does for its operators and
dtypes. This script is the other side of that claim: it writes small
programs in a line language (chapters/06_backends/tests/data/parity/README.md)
and runs each statement on torch as it writes it, recording torch's outcome
after the statement: the result's dtype, shape and values, or the error's
text. The chapter's test (tests/parity/parity_test.cpp) runs the same
statements on chapter 06 and compares, with no torch installed.

It needs Debian's python3-torch 1.13.1, so run it with the system interpreter:

    /usr/bin/python3 maint/reference/gen_parity_data.py chapters/06_backends/tests/data/parity

Running it twice gives the same bytes: the cases are enumerated in a fixed
order from fixed values, and randn's values are not recorded (the chapter has
its own generator).
"""

import itertools
import math
import os
import sys
import warnings

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402

DTYPES = {"Bool": torch.bool, "Long": torch.int64, "Float": torch.float32, "Double": torch.float64}
DTYPE_NAMES = {dtype: name for name, dtype in DTYPES.items()}
FLOATS = ["Float", "Double"]

# The operators of chapter 06 (ops.yaml), by the name the data uses: the
# overload name of an out= variant (add.out, sum.IntList_out), the function
# name otherwise. Each runs on torch as the chapter's public function does.
BINARY = ["add", "sub", "mul", "div", "atan2"]
UNARY = ["neg", "relu", "exp", "sigmoid"]
# The operators whose integer inputs give a float result (and so refuse an
# integer self in place and an integer out=).
TO_FLOAT = ("div", "atan2", "exp", "sigmoid")
COMPARISONS = ["eq", "ne", "lt", "le", "gt", "ge"]
# Unary operators with a function only (no in-place or out= overload in ops.yaml).
FUNCTION_ONLY = ["sin", "cos"]


def _out(name, overload="out"):
    # The overload itself (torch.relu has no out= keyword; aten::relu.out exists).
    fn = getattr(getattr(torch.ops.aten, name), overload)
    return lambda *args, **kwargs: fn(*args[:-1], out=args[-1], **kwargs)


OPS = {}
for _name in BINARY:
    OPS[_name] = getattr(torch, _name)
    OPS[_name + "_"] = (lambda n: lambda a, b, **kwargs: getattr(a, n + "_")(b, **kwargs))(_name)
    OPS[_name + ".out"] = _out(_name)
for _name in UNARY:
    OPS[_name] = getattr(torch, _name)
    OPS[_name + "_"] = (lambda n: lambda a: getattr(a, n + "_")())(_name)
    OPS[_name + ".out"] = _out(_name)


def _with_alpha(fn):
    # add and sub take `alpha` as a keyword only (`*, Scalar alpha=1`): the
    # data passes it as the argument after `other`, before an out= tensor.
    def call(*args):
        if (len(args) == 3 and not isinstance(args[2], torch.Tensor)) or len(args) == 4:
            return fn(*args[:2], *args[3:], alpha=args[2])
        return fn(*args)
    return call


for _name in ["add", "sub"]:
    for _variant in [_name, _name + "_"]:
        OPS[_variant] = _with_alpha(OPS[_variant])
    # out= through torch.add(..., out=), not torch.ops: the JIT's argument
    # matching turns alpha=True into the int 1 for a Scalar, which neither
    # the Python binding nor a C++ caller (at::add_out) does.
    OPS[_name + ".out"] = _with_alpha((lambda n: lambda *args, **kwargs: getattr(torch, n)(
        *args[:-1], out=args[-1], **kwargs))(_name))

OPS.update({
    # rsub.Tensor takes alpha as a keyword only, as add does; rsub.Scalar
    # as its third argument.
    "rsub": _with_alpha(torch.rsub),
    "rsub.Scalar": lambda a, other, alpha=1: torch.rsub(a, other, alpha),
    "sin": torch.sin,
    "cos": torch.cos,
    "sum": lambda a: torch.sum(a),
    "sum.dim_IntList": lambda a, dim, keepdim: torch.sum(a, dim, keepdim),
    "sum.IntList_out": _out("sum", "IntList_out"),
    "matmul": torch.matmul,
    "matmul.out": _out("matmul"),
    "threshold_backward": lambda grad, a: torch.ops.aten.threshold_backward(grad, a, 0),
    "sigmoid_backward": torch.ops.aten.sigmoid_backward,
    "sigmoid_backward.grad_input": lambda grad, result, out: torch.ops.aten.sigmoid_backward.grad_input(
        grad, result, grad_input=out),
    "t": torch.t,
    "view": lambda a, size: a.view(size),
    "copy_": lambda a, src: a.copy_(src),
    "fill_": lambda a, value: a.fill_(value),
    "_to_copy": lambda a, dtype: torch.ops.aten._to_copy(a, dtype=dtype),
    "clone": torch.clone,
    "detach": lambda a: a.detach(),
    "empty": lambda size, dtype: torch.empty(size, dtype=dtype),
    "full": lambda size, value, dtype: torch.full(size, value, dtype=dtype),
    "zeros": lambda size, dtype: torch.zeros(size, dtype=dtype),
    "ones": lambda size, dtype: torch.ones(size, dtype=dtype),
    "arange": lambda start, end, step, dtype: torch.arange(start, end, step, dtype=dtype),
    "randn": lambda size, dtype: torch.randn(size, dtype=dtype),
    # The comparisons: eq (eq.Tensor), eq.Scalar, eq.Tensor_out, eq.Scalar_out.
    **{name: fn for op in COMPARISONS for name, fn in [
        (op, getattr(torch, op)),
        (op + ".Scalar", getattr(torch, op)),
        (op + ".Tensor_out", _out(op, "Tensor_out")),
        (op + ".Scalar_out", _out(op, "Scalar_out"))]},
    # The training script's operators (python/examples/train_digits.py).
    "argmax": lambda a, dim=None, keepdim=False: torch.argmax(a, dim, keepdim),
    "argmax.out": lambda a, dim, keepdim, out: torch.argmax(a, dim, keepdim, out=out),
    "slice": lambda a, dim, start, end, step: torch.ops.aten.slice.Tensor(a, dim, start, end, step),
    "_log_softmax": torch._log_softmax,
    "_log_softmax.out": _out("_log_softmax"),
    "_log_softmax_backward_data": torch._log_softmax_backward_data,
    "_log_softmax_backward_data.out": _out("_log_softmax_backward_data"),
    # Exercise 06.5's operator: three tensors (lerp.Tensor and its variants).
    "lerp": torch.lerp,
    "lerp_": lambda a, end, weight: a.lerp_(end, weight),
    "lerp.Tensor_out": _out("lerp", "Tensor_out"),
})
# Results whose values are not torch's to give: empty's are whatever the
# memory held, randn's come from the chapter's own generator.
UNSPECIFIED_VALUES = {"empty", "randn"}


def number(value):
    """A value as the data writes it: repr() of the double (exact for a
    float32, whose every value is a double), so strtod reads it back bit for
    bit; nan, inf, -inf and -0.0 as Python spells them."""
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return str(value)
    return repr(float(value))


def sizes_text(sizes):
    return "[" + ",".join(str(size) for size in sizes) + "]"


def tensor_text(tensor, values=True):
    flat = tensor.detach().reshape(-1).tolist() if values else None
    shown = "*" if flat is None else "(" + ",".join(number(v) for v in flat) + ")"
    return f"{DTYPE_NAMES[tensor.dtype]} {sizes_text(tensor.shape)} {shown}"


def error_text(error):
    # One line: the data is line-oriented. A multi-line torch message keeps
    # its breaks as the two characters \n.
    return str(error).strip().replace("\n", "\\n")


def arg_text(arg):
    if arg is None:
        return "none"  # an optional argument left out (argmax's dim)
    if isinstance(arg, bool):
        return "true" if arg else "false"
    if isinstance(arg, (list, tuple)):
        return sizes_text(arg)
    if isinstance(arg, (int, float)):
        return number(arg)
    return arg  # a variable's name or a dtype's name


class Case:
    """One program: its statements as the data writes them, run on torch as
    they are added. A statement whose torch outcome is an error leaves its
    variable unset, so later statements of the generator must not use it."""

    def __init__(self, family, name):
        self.family = family
        self.lines = [f"case {name}"]
        self.env = {}

    def _resolve(self, arg):
        if isinstance(arg, str):
            return DTYPES[arg] if arg in DTYPES else self.env[arg]
        return arg

    def _emit(self, statement, outcome):
        self.lines.append(f"{statement} => {outcome}")

    def has(self, *names):
        """Whether every name is set: a check of a variable whose call
        failed on torch is left out (the failure itself was checked)."""
        return all(name in self.env for name in names)

    def tensor(self, name, dtype, sizes, values, grad=False):
        statement = f"tensor {name} {dtype} {sizes_text(sizes)} ({','.join(number(v) for v in values)})"
        if grad:
            statement += " grad"
        try:
            # clone(): reshape's result is a view, and a leaf must not be one.
            value = torch.tensor(values, dtype=DTYPES[dtype]).reshape(sizes).clone()
            if grad:
                value.requires_grad_()
        except Exception as error:  # noqa: B902 - torch's error is the expected outcome
            self._emit(statement, "error " + error_text(error))
            return None
        self.env[name] = value
        self._emit(statement, "ok")
        return value

    def strided(self, name, base, sizes, strides, offset):
        """A view of `base`'s storage with other sizes, strides and offset
        (as_strided; the chapter's makeView). Never of a tensor that requires grad."""
        value = self.env[base].detach().as_strided(sizes, strides, offset)
        self.env[name] = value
        self._emit(f"strided {name} {base} {sizes_text(sizes)} {sizes_text(strides)} {offset}",
                   tensor_text(value))
        return value

    def call(self, name, op, *args):
        statement = " ".join(["call", name, op] + [arg_text(arg) for arg in args])
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                value = OPS[op](*[self._resolve(arg) for arg in args])
        except Exception as error:  # noqa: B902
            self._emit(statement, "error " + error_text(error))
            self.env.pop(name, None)
            return None
        self.env[name] = value
        self._emit(statement, tensor_text(value, op not in UNSPECIFIED_VALUES))
        return value

    def value(self, name):
        if not self.has(name):
            return
        self._emit(f"value {name}", tensor_text(self.env[name]))

    def grad(self, name):
        if not self.has(name):
            return
        grad = self.env[name].grad
        self._emit(f"grad {name}", "none" if grad is None else tensor_text(grad))

    def backward(self, name, gradient=None):
        if not self.has(name, *([gradient] if gradient else [])):
            return False
        statement = f"backward {name}" + (f" {gradient}" if gradient else "")
        try:
            self.env[name].backward(self.env[gradient] if gradient else None)
        except Exception as error:  # noqa: B902
            self._emit(statement, "error " + error_text(error))
            return False
        self._emit(statement, "ok")
        return True

    def version(self, name):
        if not self.has(name):
            return
        self._emit(f"version {name}", str(self.env[name]._version))

    def strides(self, name):
        if not self.has(name):
            return
        self._emit(f"strides {name}", sizes_text(self.env[name].stride()))

    def offset(self, name):
        if not self.has(name):
            return
        self._emit(f"offset {name}", str(self.env[name].storage_offset()))

    def same_storage(self, a, b):
        if not self.has(a, b):
            return
        shared = self.env[a].storage().data_ptr() == self.env[b].storage().data_ptr()
        self._emit(f"same_storage {a} {b}", "true" if shared else "false")

    def same(self, a, b):
        if not self.has(a, b):
            return
        self._emit(f"same {a} {b}", "true" if self.env[a] is self.env[b] else "false")

    def requires_grad(self, name):
        if not self.has(name):
            return
        self._emit(f"requires_grad {name}", "true" if self.env[name].requires_grad else "false")

    def is_leaf(self, name):
        if not self.has(name):
            return
        self._emit(f"is_leaf {name}", "true" if self.env[name].is_leaf else "false")


class Family:
    def __init__(self, name, about):
        self.name = name
        self.about = about
        self.cases = []

    def case(self, name):
        case = Case(self.name, f"{self.name}/{name}")
        self.cases.append(case)
        return case

    def text(self):
        checks = sum(len(case.lines) - 1 for case in self.cases)
        out = [f"# Family {self.name}: {self.about}",
               f"# Generated by maint/reference/gen_parity_data.py from Debian python3-torch 1.13.1 "
               f"(torch.__version__ {torch.__version__}): {len(self.cases)} cases, {checks} statements.",
               "# Do not edit by hand. Format: README.md beside this file. Regenerate with:",
               "#   /usr/bin/python3 maint/reference/gen_parity_data.py chapters/06_backends/tests/data/parity",
               f"cases {len(self.cases)}"]
        for case in self.cases:
            out.extend(case.lines)
        return "\n".join(out) + "\n"


# Values an operand of each dtype takes in the promotion and broadcasting
# families: small, exact in every dtype, none zero (division has a family
# of its own).
SAMPLE = {"Bool": [True, False, True, True, False, True], "Long": [3, -2, 5, 1, -4, 2],
          "Float": [1.5, -2.25, 0.5, 3.0, -1.0, 2.5], "Double": [2.5, 1.25, -0.75, 4.0, -3.5, 0.25]}


def sample(dtype, sizes, shift=0):
    count = math.prod(sizes)
    values = SAMPLE[dtype]
    return [values[(i + shift) % len(values)] for i in range(count)]


def numeric_sample(dtype, sizes, shift=0):
    """Like sample(), never 0 or False: a divisor."""
    values = sample(dtype, sizes, shift)
    return [True if dtype == "Bool" else v for v in values]


def promotion(family):
    """result_type for every dtype pair, each operand 0-dim or not, for every
    elementwise operator and variant; the unary ones, sum and matmul per dtype."""
    for op, (da, db), (za, zb) in itertools.product(BINARY, itertools.product(DTYPES, DTYPES),
                                                    itertools.product([False, True], repeat=2)):
        shape_a, shape_b = ([] if za else [2, 3]), ([] if zb else [2, 3])
        label = f"{da}{'[]' if za else '[2,3]'}-{db}{'[]' if zb else '[2,3]'}"
        for variant in ("", "_"):
            case = family.case(f"{op}{variant}/{label}")
            case.tensor("a", da, shape_a, sample(da, shape_a))
            case.tensor("b", db, shape_b, numeric_sample(db, shape_b, 1))
            case.call("r", op + variant, "a", "b")
        for dout in DTYPES:
            if za and zb and dout != da:
                continue  # two scalars into every out dtype adds nothing the n-dim cases lack
            case = family.case(f"{op}.out/{label}->{dout}")
            case.tensor("a", da, shape_a, sample(da, shape_a))
            case.tensor("b", db, shape_b, numeric_sample(db, shape_b, 1))
            case.tensor("out", dout, [0], [])
            case.call("r", op + ".out", "a", "b", "out")
    for dtype, zero_dim in itertools.product(DTYPES, [False, True]):
        shape = [] if zero_dim else [2, 3]
        label = f"{dtype}{sizes_text(shape)}"
        for op in UNARY + FUNCTION_ONLY:
            for variant in ("", "_") if op not in FUNCTION_ONLY else ("",):
                case = family.case(f"{op}{variant}/{label}")
                case.tensor("a", dtype, shape, sample(dtype, shape))
                case.call("r", op + variant, "a")
            if op in FUNCTION_ONLY:
                continue
            for dout in DTYPES:
                case = family.case(f"{op}.out/{label}->{dout}")
                case.tensor("a", dtype, shape, sample(dtype, shape))
                case.tensor("out", dout, [0], [])
                case.call("r", op + ".out", "a", "out")
        case = family.case(f"sum/{label}")
        case.tensor("a", dtype, shape, sample(dtype, shape))
        case.call("r", "sum", "a")
        for dims, keepdim in (([], False), ([0], False), ([-1], True)):
            if zero_dim and dims:
                continue
            case = family.case(f"sum.dim_IntList/{label}/{sizes_text(dims)}/{keepdim}")
            case.tensor("a", dtype, shape, sample(dtype, shape))
            case.call("r", "sum.dim_IntList", "a", dims, keepdim)
        for dout in DTYPES:
            case = family.case(f"sum.IntList_out/{label}->{dout}")
            case.tensor("a", dtype, shape, sample(dtype, shape))
            case.tensor("out", dout, [0], [])
            case.call("r", "sum.IntList_out", "a", [] if zero_dim else [1], False, "out")
    for da, db in itertools.product(DTYPES, DTYPES):
        case = family.case(f"matmul/{da}-{db}")
        case.tensor("a", da, [2, 3], sample(da, [2, 3]))
        case.tensor("b", db, [3, 2], sample(db, [3, 2], 2))
        case.call("r", "matmul", "a", "b")
        case = family.case(f"matmul.out/{da}-{db}->{da}")
        case.tensor("a", da, [2, 3], sample(da, [2, 3]))
        case.tensor("b", db, [3, 2], sample(db, [3, 2], 2))
        case.tensor("out", da, [0], [])
        case.call("r", "matmul.out", "a", "b", "out")
    for dtype, dout in itertools.product(DTYPES, DTYPES):
        case = family.case(f"matmul.out/{dtype}->{dout}")
        case.tensor("a", dtype, [2, 2], sample(dtype, [2, 2]))
        case.tensor("b", dtype, [2, 2], sample(dtype, [2, 2], 1))
        case.tensor("out", dout, [0], [])
        case.call("r", "matmul.out", "a", "b", "out")


# Shapes with size-0 and size-1 dimensions, of rank 0 to 3.
SHAPES = [[], [0], [1], [3], [1, 1], [1, 3], [3, 1], [2, 3], [0, 3], [3, 0], [1, 0], [2, 1, 3], [2, 0, 1], [4, 1, 1]]


def broadcasting(family):
    """The broadcast shape, or the error, for every pair of SHAPES: each
    elementwise operator, the in-place and out= variants of add and mul."""
    for shape_a, shape_b in itertools.product(SHAPES, SHAPES):
        label = f"{sizes_text(shape_a)}-{sizes_text(shape_b)}"
        for op in BINARY + ["add_", "mul_", "add.out", "mul.out"]:
            dtype = "Double" if op.startswith(("div", "atan2")) else "Float"
            case = family.case(f"{op}/{label}")
            case.tensor("a", dtype, shape_a, sample(dtype, shape_a))
            case.tensor("b", "Float", shape_b, numeric_sample("Float", shape_b, 1))
            if op.endswith(".out"):
                case.tensor("out", dtype, [0], [])
                case.call("r", op, "a", "b", "out")
            else:
                case.call("r", op, "a", "b")


SPECIAL_FLOATS = [0.0, -0.0, 1.0, -1.0, 2.5, -3.75, 1e-30, 1e30, math.inf, -math.inf, math.nan]
SPECIAL_LONGS = [0, 1, -1, 7, -7, 2 ** 40, -(2 ** 40)]


def specials(dtype):
    if dtype == "Bool":
        return [False, True]
    if dtype == "Long":
        return SPECIAL_LONGS
    return SPECIAL_FLOATS


def values(family):
    """Every operator on NaN, +-inf, -0, 0 (division by zero), tiny and huge
    values: each left operand against every right one, then the same on
    transposed and sliced operands and into strided outputs."""
    pairs = [("Float", "Float"), ("Double", "Double"), ("Long", "Long"), ("Float", "Double"), ("Long", "Float"),
             ("Bool", "Bool"), ("Bool", "Long"), ("Long", "Double")]
    for op, (da, db) in itertools.product(BINARY, pairs):
        right = specials(db)
        for x in specials(da):
            if op == "mul" and da == "Long" and db == "Long" and abs(x) > 7:
                continue  # 2**40 * 2**40 overflows int64: undefined in C++, and torch wraps
            for variant in ("", "_", ".out"):
                case = family.case(f"{op}{variant}/{da}-{db}/{number(x)}")
                case.tensor("a", da, [len(right)], [x] * len(right))
                case.tensor("b", db, [len(right)], right)
                if variant == ".out":
                    case.tensor("out", DTYPE_NAMES[torch.result_type(case.env["a"], case.env["b"])]
                                if op not in ("div", "atan2") or da in FLOATS or db in FLOATS else "Float", [0], [])
                    case.call("r", op + variant, "a", "b", "out")
                else:
                    case.call("r", op + variant, "a", "b")
                if variant:
                    case.value("a")
    for op, dtype in itertools.product(UNARY + FUNCTION_ONLY, DTYPES):
        for variant in ("", "_", ".out") if op not in FUNCTION_ONLY else ("",):
            case = family.case(f"{op}{variant}/{dtype}")
            case.tensor("a", dtype, [len(specials(dtype))], specials(dtype))
            if variant == ".out":
                case.tensor("out", "Float" if dtype in ("Bool", "Long") and op in TO_FLOAT else dtype, [0], [])
                case.call("r", op + variant, "a", "out")
            else:
                case.call("r", op + variant, "a")
    # Reductions over the special values, each pair of them and whole.
    for dtype in DTYPES:
        vals = specials(dtype)
        for x, y in itertools.product(vals, vals):
            case = family.case(f"sum/{dtype}/{number(x)}+{number(y)}")
            case.tensor("a", dtype, [2], [x, y])
            case.call("r", "sum", "a")
            case.call("s", "sum.dim_IntList", "a", [0], True)
        case = family.case(f"sum/{dtype}/all")
        case.tensor("a", dtype, [len(vals)], vals)
        case.call("r", "sum", "a")
    for dtype in ("Float", "Double", "Long"):
        vals = specials(dtype)
        for x in vals:
            case = family.case(f"matmul/{dtype}/{number(x)}")
            case.tensor("a", dtype, [2, 2], [x, 1, 2, x])
            case.tensor("b", dtype, [2, 2], [1, x, 0, 3] if dtype != "Long" or abs(x) < 8 else [1, 0, 0, 1])
            case.call("r", "matmul", "a", "b")
    for dtype, x in itertools.product(DTYPES, SPECIAL_FLOATS + [0.5, -0.5, 1.5]):
        case = family.case(f"fill_/{dtype}/{number(x)}")
        case.tensor("a", dtype, [2], [0, 0] if dtype != "Bool" else [False, False])
        case.call("r", "fill_", "a", x)
        case.value("a")
    for source, dest in itertools.product(DTYPES, DTYPES):
        # NaN, infinities and values beyond int64 into int64: undefined in C++, and torch's result is the CPU's.
        vals = [v for v in specials(source)
                if dest != "Long" or not (isinstance(v, float) and not abs(v) <= 1e18)]
        case = family.case(f"copy_/{source}->{dest}")
        case.tensor("src", source, [len(vals)], vals)
        case.tensor("a", dest, [len(vals)], [0] * len(vals))
        case.call("r", "copy_", "a", "src")
        case.value("a")
        case = family.case(f"_to_copy/{source}->{dest}")
        case.tensor("src", source, [len(vals)], vals)
        case.call("r", "_to_copy", "src", dest)
    strided_values(family)


def strided_values(family):
    """Operands that are not contiguous: a transpose, a slice with a step, an
    offset; and outputs that are."""
    base = [float(v) for v in range(1, 25)] + [math.nan, -0.0, math.inf, -math.inf]
    for op, dtype in itertools.product(BINARY, ["Float", "Double", "Long"]):
        data = list(range(1, 25)) if dtype == "Long" else base
        case = family.case(f"{op}/{dtype}/transposed")
        case.tensor("a", dtype, [len(data)], data)
        case.strided("m", "a", [4, 3], [3, 1], 0)
        case.call("mt", "t", "m")
        case.tensor("b", dtype, [3, 4], numeric_sample(dtype, [3, 4]))
        case.call("r", op, "mt", "b")
        case.call("r2", op, "b", "mt")
        case = family.case(f"{op}/{dtype}/sliced")
        case.tensor("a", dtype, [len(data)], data)
        case.strided("s", "a", [2, 3], [7, 2], 3)
        case.strided("s2", "a", [3], [5], 1)
        case.call("r", op, "s", "s2")
        case = family.case(f"{op}_/{dtype}/into-transposed")
        case.tensor("a", dtype, [len(data)], data)
        case.strided("m", "a", [3, 4], [1, 3], 2)
        case.tensor("b", dtype, [4], numeric_sample(dtype, [4], 2))
        case.call("r", op + "_", "m", "b")
        case.value("a")
        case = family.case(f"{op}.out/{dtype}/into-strided")
        case.tensor("a", dtype, [3, 4], data[:12])
        case.tensor("b", dtype, [4], numeric_sample(dtype, [4], 2))
        case.tensor("o", "Double" if op in ("div", "atan2") else dtype, [24], [0] * 24)
        case.strided("out", "o", [3, 4], [1, 6], 1)
        case.call("r", op + ".out", "a", "b", "out")
        case.strides("out")
        case.value("o")
    for op, dtype in itertools.product(UNARY + FUNCTION_ONLY + ["sum", "clone", "t"], ["Float", "Double"]):
        case = family.case(f"{op}/{dtype}/strided")
        case.tensor("a", dtype, [len(base)], base)
        case.strided("m", "a", [4, 3], [1, 6], 2)
        case.call("r", op, "m")
        if op == "clone":
            case.strides("r")
        if op in UNARY:
            case.call("r2", op + "_", "m")
            case.value("a")
    for dtype in ("Float", "Double", "Long"):
        data = list(range(1, 25))
        case = family.case(f"sum.dim_IntList/{dtype}/strided")
        case.tensor("a", dtype, [24], data)
        case.strided("m", "a", [2, 3, 2], [1, 8, 3], 1)
        for dims, keepdim in (([0], False), ([1], True), ([2, 0], False), ([-1, 1], True), ([], False)):
            case.call("r" + str(len(dims)) + str(keepdim)[0], "sum.dim_IntList", "m", dims, keepdim)
        case = family.case(f"matmul/{dtype}/transposed")
        case.tensor("a", dtype, [24], data)
        case.strided("m", "a", [3, 2], [1, 3], 0)
        case.strided("n", "a", [2, 4], [5, 2], 1)
        case.call("r", "matmul", "m", "n")
        case.call("mt", "t", "m")
        case.call("r2", "matmul", "mt", "m")
        case = family.case(f"copy_/{dtype}/strided")
        case.tensor("a", dtype, [24], data)
        case.strided("m", "a", [3, 2], [1, 3], 0)
        case.tensor("b", "Double", [2, 3], [0.5, 1, 2, 3, 4, 5])
        case.call("bt", "t", "b")
        case.call("r", "copy_", "m", "bt")
        case.value("a")


def differentiable_inputs(dtype, sizes, shift=0):
    """Values where every formula is smooth and well conditioned: no 0 (relu's
    kink, a division), none too large for exp."""
    pool = [0.5, -1.25, 2.0, -0.75, 1.5, 0.25, -2.5, 1.75, -0.5, 3.0]
    return [pool[(i * 3 + shift) % len(pool)] for i in range(math.prod(sizes))]


GRAD_BINARY = BINARY + ["matmul"]
GRAD_SHAPES = [([2, 3], [2, 3]), ([2, 3], [3]), ([2, 1], [1, 3]), ([], [2, 2]), ([3], [])]


def gradients(family):
    """Backward through every operator and variant, with a gradient of the
    output given explicitly (so every formula's grad_output is used), into
    leaves of float32 and float64. In-place variants write into a non-leaf
    copy (a leaf that requires grad cannot be written). out= with inputs
    that require grad is refused by torch; those cases check the error."""
    for op, dtype in itertools.product(GRAD_BINARY, FLOATS):
        shapes = [([2, 3], [3, 2]), ([1, 4], [4, 2])] if op == "matmul" else GRAD_SHAPES
        for shape_a, shape_b in shapes:
            for grads in ((True, True), (True, False), (False, True)):
                label = f"{dtype}/{sizes_text(shape_a)}{'g' if grads[0] else ''}-{sizes_text(shape_b)}" \
                        f"{'g' if grads[1] else ''}"
                case = family.case(f"{op}/{label}")
                case.tensor("a", dtype, shape_a, differentiable_inputs(dtype, shape_a), grads[0])
                case.tensor("b", dtype, shape_b, differentiable_inputs(dtype, shape_b, 1), grads[1])
                result = case.call("r", op, "a", "b")
                case.requires_grad("r")
                case.is_leaf("r")
                case.tensor("g", dtype, list(result.shape), differentiable_inputs(dtype, result.shape, 2))
                case.backward("r", "g")
                case.grad("a")
                case.grad("b")
                if op == "matmul":
                    continue
                # In place: into c = a * 1, a non-leaf of a's shape.
                case = family.case(f"{op}_/{label}")
                case.tensor("a", dtype, shape_a, differentiable_inputs(dtype, shape_a), grads[0])
                case.tensor("b", dtype, shape_b, differentiable_inputs(dtype, shape_b, 1), grads[1])
                case.tensor("one", dtype, [], [1.0])
                case.call("c", "mul", "a", "one")
                result = case.call("r", op + "_", "c", "b")
                if result is None:
                    continue
                case.same("r", "c")
                case.requires_grad("c")
                case.tensor("g", dtype, list(result.shape), differentiable_inputs(dtype, result.shape, 2))
                case.backward("c", "g")
                case.grad("a")
                case.grad("b")
        case = family.case(f"{op}.out/{dtype}/requires-grad")
        case.tensor("a", dtype, [2, 2], differentiable_inputs(dtype, [2, 2]), True)
        case.tensor("b", dtype, [2, 2], differentiable_inputs(dtype, [2, 2], 1))
        case.tensor("out", dtype, [0], [])
        case.call("r", op + ".out", "a", "b", "out")
    for op, dtype, shape in itertools.product(UNARY + ["sin", "sum", "clone", "t", "detach"], FLOATS,
                                              [[], [3], [2, 3]]):
        if op == "t" and len(shape) > 2:
            continue
        label = f"{dtype}/{sizes_text(shape)}"
        case = family.case(f"{op}/{label}")
        case.tensor("a", dtype, shape, differentiable_inputs(dtype, shape), True)
        result = case.call("r", op, "a")
        case.requires_grad("r")
        if not result.requires_grad:
            case.backward("r")
            continue
        case.tensor("g", dtype, list(result.shape), differentiable_inputs(dtype, result.shape, 2))
        case.backward("r", "g")
        case.grad("a")
        if op in UNARY:
            case = family.case(f"{op}_/{label}")
            case.tensor("a", dtype, shape, differentiable_inputs(dtype, shape), True)
            case.tensor("one", dtype, [], [1.0])
            case.call("c", "mul", "a", "one")
            case.call("r", op + "_", "c")
            case.tensor("g", dtype, shape, differentiable_inputs(dtype, shape, 2))
            case.backward("c", "g")
            case.grad("a")
            case = family.case(f"{op}.out/{label}/requires-grad")
            case.tensor("a", dtype, shape, differentiable_inputs(dtype, shape), True)
            case.tensor("out", dtype, [0], [])
            case.call("r", op + ".out", "a", "out")
    # relu at its kink and below: threshold_backward lets nothing through at 0.
    for dtype in FLOATS:
        case = family.case(f"relu/{dtype}/kink")
        case.tensor("a", dtype, [5], [-1.0, -0.0, 0.0, 1e-30, 2.0], True)
        case.call("r", "relu", "a")
        case.tensor("g", dtype, [5], [1.0, 2.0, 3.0, 4.0, 5.0])
        case.backward("r", "g")
        case.grad("a")
        case = family.case(f"threshold_backward/{dtype}")
        case.tensor("g", dtype, [5], [1.0, 2.0, 3.0, 4.0, 5.0])
        case.tensor("a", dtype, [5], [-1.0, -0.0, 0.0, 1e-30, math.nan])
        case.call("r", "threshold_backward", "g", "a")
        # sigmoid's backward called directly, on results sigmoid can give and
        # beyond, and its out= overload; then its own formula (double backward).
        case = family.case(f"sigmoid_backward/{dtype}")
        case.tensor("g", dtype, [6], [1.0, 2.0, -3.0, 4.0, 0.5, math.nan])
        case.tensor("y", dtype, [6], [0.5, 0.0, 1.0, 0.25, 2.0, 0.75])
        case.call("r", "sigmoid_backward", "g", "y")
        case.tensor("out", dtype, [0], [])
        case.call("r2", "sigmoid_backward.grad_input", "g", "y", "out")
        case.same("r2", "out")
        case = family.case(f"sigmoid_backward/{dtype}/formula")
        case.tensor("g", dtype, [3], differentiable_inputs(dtype, [3]), True)
        case.tensor("y", dtype, [3], [0.25, 0.5, 0.875], True)
        case.call("r", "sigmoid_backward", "g", "y")
        case.tensor("h", dtype, [3], differentiable_inputs(dtype, [3], 2))
        case.backward("r", "h")
        case.grad("g")
        case.grad("y")
    for dtype, (dims, keepdim) in itertools.product(FLOATS, [([0], False), ([1], True), ([0, 1], False), ([], True),
                                                             ([-1], False)]):
        label = f"{dtype}/{sizes_text(dims)}/{keepdim}"
        case = family.case(f"sum.dim_IntList/{label}")
        case.tensor("a", dtype, [2, 3], differentiable_inputs(dtype, [2, 3]), True)
        result = case.call("r", "sum.dim_IntList", "a", dims, keepdim)
        case.tensor("g", dtype, list(result.shape), differentiable_inputs(dtype, result.shape, 2))
        case.backward("r", "g")
        case.grad("a")
        case = family.case(f"sum.IntList_out/{label}/requires-grad")
        case.tensor("a", dtype, [2, 3], differentiable_inputs(dtype, [2, 3]), True)
        case.tensor("out", dtype, [0], [])
        case.call("r", "sum.IntList_out", "a", dims, keepdim, "out")
    for dtype, size in itertools.product(FLOATS, [[6], [3, 2], [1, 6], [6, 1, 1]]):
        case = family.case(f"view/{dtype}/{sizes_text(size)}")
        case.tensor("a", dtype, [2, 3], differentiable_inputs(dtype, [2, 3]), True)
        result = case.call("r", "view", "a", size)
        case.tensor("g", dtype, size, differentiable_inputs(dtype, size, 2))
        case.backward("r", "g")
        case.grad("a")
    for source, dest in itertools.product(FLOATS, FLOATS):
        case = family.case(f"_to_copy/{source}->{dest}")
        case.tensor("a", source, [3], differentiable_inputs(source, [3]), True)
        case.call("r", "_to_copy", "a", dest)
        case.tensor("g", dest, [3], differentiable_inputs(dest, [3], 2))
        case.backward("r", "g")
        case.grad("a")
        case = family.case(f"copy_/{source}->{dest}")
        case.tensor("a", source, [3], differentiable_inputs(source, [3]), True)
        case.tensor("z", dest, [3], [0.0, 0.0, 0.0], True)
        case.tensor("one", dest, [], [1.0])
        case.call("c", "mul", "z", "one")
        case.call("r", "copy_", "c", "a")
        case.tensor("g", dest, [3], differentiable_inputs(dest, [3], 2))
        case.backward("c", "g")
        case.grad("a")
        case.grad("z")
    for dtype in FLOATS:
        case = family.case(f"fill_/{dtype}")
        case.tensor("a", dtype, [3], differentiable_inputs(dtype, [3]), True)
        case.tensor("one", dtype, [], [1.0])
        case.call("c", "mul", "a", "one")
        case.call("r", "fill_", "c", 2.5)
        case.tensor("g", dtype, [3], [1.0, 2.0, 3.0])
        case.backward("c", "g")
        case.grad("a")
    # Chains: a leaf used twice (gradients accumulate), through a view and a
    # transpose, and a scalar loss from sum.
    for dtype in FLOATS:
        case = family.case(f"chain/{dtype}/reuse")
        case.tensor("a", dtype, [2, 2], differentiable_inputs(dtype, [2, 2]), True)
        case.tensor("b", dtype, [2, 2], differentiable_inputs(dtype, [2, 2], 1), True)
        case.call("p", "mul", "a", "b")
        case.call("q", "div", "p", "a")
        case.call("e", "exp", "a")
        case.call("r", "add", "q", "e")
        case.call("m", "matmul", "r", "a")
        case.call("n", "neg", "m")
        case.call("s", "sum", "n")
        case.backward("s")
        case.grad("a")
        case.grad("b")
        case = family.case(f"chain/{dtype}/views")
        case.tensor("a", dtype, [2, 3], differentiable_inputs(dtype, [2, 3]), True)
        case.call("v", "view", "a", [3, 2])
        case.call("vt", "t", "v")
        case.call("r", "relu", "vt")
        case.call("m", "mul", "r", "a")
        case.call("s", "sum", "m")
        case.backward("s")
        case.grad("a")


INPLACE = ["add_", "sub_", "mul_", "div_", "atan2_", "neg_", "relu_", "exp_", "sigmoid_"]
OUT = ["add.out", "sub.out", "mul.out", "div.out", "atan2.out", "neg.out", "relu.out", "exp.out", "sigmoid.out"]


def versions(family):
    """The version counter of what an in-place or out= operator writes: one
    more per call, shared by the views of the same storage, unchanged for the
    inputs only read and after a call that fails."""
    for op, dtype in itertools.product(INPLACE + OUT + ["copy_", "fill_", "sum.IntList_out", "matmul.out"],
                                       ["Float", "Double", "Long"]):
        if op in ("atan2_", "exp_", "sigmoid_") and dtype == "Long":
            continue  # the float result cannot go into an int64 self; the error case is below
        binary = op.rstrip("_") in BINARY or op.split(".")[0] in BINARY + ["matmul"]
        args = {"copy_": ["b"], "fill_": [1.5]}.get(op, ["b"] if binary else [])
        out_dtype = "Float" if dtype == "Long" and op.split(".")[0] in TO_FLOAT else dtype
        for calls in (1, 2, 3):
            case = family.case(f"{op}/{dtype}/x{calls}")
            # Small values: exp_ three times over stays far from float32's overflow.
            case.tensor("a", dtype, [2, 2], [1, -1, 2, 1] if dtype == "Long" else [0.5, -1.0, 0.25, -0.5])
            case.tensor("b", dtype, [2, 2], numeric_sample(dtype, [2, 2], 1))
            case.call("v", "view", "a", [4])
            case.version("a")
            if op.endswith("_out") or op.endswith(".out"):
                case.tensor("out", out_dtype, [0], [])
                extra = [[0], False] if op == "sum.IntList_out" else args
                for i in range(calls):
                    case.call(f"r{i}", op, "a", *extra, "out")
                case.version("out")
            else:
                for i in range(calls):
                    case.call(f"r{i}", op, "a", *args)
                case.version("v")
            case.version("a")
            case.version("b")
        case = family.case(f"{op}/{dtype}/failing")
        case.tensor("a", dtype, [2, 2], numeric_sample(dtype, [2, 2]))
        case.tensor("b", dtype, [3], numeric_sample(dtype, [3], 1))
        if op.endswith("_out") or op.endswith(".out"):
            case.tensor("out", "Bool", [0], [])
            extra = [[5], False] if op == "sum.IntList_out" else ["b"] if args else []
            case.call("r", op, "a", *extra, "out")
            case.version("out")
        elif op == "fill_":
            case.tensor("c", dtype, [2, 2], numeric_sample(dtype, [2, 2]), dtype in FLOATS)
            case.call("r", op, "c", 1.0)
            case.version("c")
        else:
            case.call("r", op, "a", *(["b"] if args else []))
            if not args:
                case.tensor("c", "Bool", [2], [True, False])
                case.call("r", op, "c")
                case.version("c")
        case.version("a")
    for dtype in ("Long", "Bool"):
        for op in ("exp_", "sigmoid_", "atan2_", "div_"):
            case = family.case(f"{op}/{dtype}/refused")
            case.tensor("a", dtype, [2], numeric_sample(dtype, [2]))
            case.call("r", op, "a", *(["a"] if op not in ("exp_", "sigmoid_") else []))
            case.version("a")
    # An in-place call through a view bumps the base, and the other way round.
    for op in INPLACE:
        case = family.case(f"{op}/through-view")
        case.tensor("a", "Float", [2, 3], numeric_sample("Float", [2, 3]))
        case.call("v", "t", "a")
        case.tensor("b", "Float", [2], numeric_sample("Float", [2], 1))
        case.call("r", op, "v", *(["b"] if op.rstrip("_") in BINARY else []))
        case.version("a")
        case.version("v")
        case.call("r2", "fill_", "a", 0.5)
        case.version("v")


def misuse(family):
    """What backward refuses: twice through a freed graph, a saved tensor
    changed in place, a non-scalar root without a gradient, a root that does
    not require grad, a gradient of the wrong shape or dtype, in-place writes
    to a leaf (or a view of one) that requires grad, requires_grad on
    integers, and operators with no derivative."""
    for op, dtype in itertools.product(GRAD_BINARY + UNARY + ["sum", "t"], FLOATS):
        binary = op in GRAD_BINARY
        shape = [2, 2]

        def start(case, grad=True):
            case.tensor("a", dtype, shape, differentiable_inputs(dtype, shape), grad)
            if binary:
                case.tensor("b", dtype, shape, differentiable_inputs(dtype, shape, 1), grad)
            return case.call("r", op, "a", *(["b"] if binary else []))

        case = family.case(f"twice/{op}/{dtype}")
        start(case)
        case.call("s", "sum", "r")
        case.backward("s")
        case.backward("s")
        case = family.case(f"non-scalar/{op}/{dtype}")
        result = start(case)
        case.backward("r")
        if result.dim() > 0:
            case.tensor("g", dtype, [5], [1.0] * 5)
            case.backward("r", "g")
            case.tensor("h", "Long" if dtype == "Double" else "Double", list(result.shape),
                        [1] * result.numel())
            case.backward("r", "h")
            case.grad("a")
        case = family.case(f"no-grad/{op}/{dtype}")
        start(case, grad=False)
        case.requires_grad("r")
        case.call("s", "sum", "r")
        case.backward("s")
        case = family.case(f"leaf-inplace/{op}/{dtype}")
        case.tensor("a", dtype, shape, differentiable_inputs(dtype, shape), True)
        case.tensor("b", dtype, shape, differentiable_inputs(dtype, shape, 1))
        case.call("r", "add_", "a", "b")
        case.call("v", "t", "a")
        case.call("r", "mul_", "v", "b")
        case.value("a")
        case.version("a")
        # The input a formula saved, changed afterwards.
        for writer in ("add_", "mul_", "fill_", "copy_", "exp_"):
            case = family.case(f"modified-saved/{op}/{dtype}/{writer}")
            case.tensor("x", dtype, shape, differentiable_inputs(dtype, shape), True)
            case.tensor("one", dtype, [], [1.0])
            case.call("a", "mul", "x", "one")
            if binary:
                case.tensor("b", dtype, shape, differentiable_inputs(dtype, shape, 1), True)
            case.call("r", op, "a", *(["b"] if binary else []))
            case.tensor("w", dtype, shape, [0.5] * 4)
            writer_args = {"add_": ["w"], "mul_": ["w"], "fill_": [0.5], "copy_": ["w"], "exp_": []}[writer]
            case.call("a2", writer, "a", *writer_args)
            case.version("a")
            case.call("s", "sum", "r")
            case.backward("s")
            case.grad("x")
            if op in ("exp", "sigmoid"):
                # exp and sigmoid save their result: writing into r is the modification.
                case = family.case(f"modified-saved/{op}/{dtype}/{writer}/result")
                case.tensor("x", dtype, shape, differentiable_inputs(dtype, shape), True)
                case.call("r", op, "x")
                case.tensor("w", dtype, shape, [0.5] * 4)
                case.call("r2", writer, "r", *writer_args)
                case.call("s", "sum", "r")
                case.backward("s")
                case.grad("x")
    for dtype in ("Long", "Bool"):
        case = family.case(f"requires-grad/{dtype}")
        case.tensor("a", dtype, [2], numeric_sample(dtype, [2]), True)
    case = family.case("requires-grad/Float/ok")
    case.tensor("a", "Float", [2], [1.0, 2.0], True)
    case.is_leaf("a")
    case.grad("a")


def out_rules(family):
    """out=: an empty out is resized to the result; one of another shape is
    resized too (with a deprecation warning); its dtype must hold the result
    (elementwise) or equal it (matmul); out= refuses inputs or an out that
    require grad; the out keeps its strides when it has the right shape; the
    call returns out itself."""
    ops = [(op, 2) for op in ["add.out", "sub.out", "mul.out", "div.out", "atan2.out", "matmul.out"]] + \
          [(op, 1) for op in ["neg.out", "relu.out", "exp.out", "sigmoid.out", "sum.IntList_out"]]
    for (op, arity), dtype in itertools.product(ops, ["Float", "Double", "Long"]):
        def inputs(case, grad_a=False):
            case.tensor("a", dtype, [2, 2], numeric_sample(dtype, [2, 2]), grad_a)
            if arity == 2:
                case.tensor("b", dtype, [2, 2], numeric_sample(dtype, [2, 2], 1))
            return ["a", "b"][:arity] + ([[1], False] if op == "sum.IntList_out" else [])

        result_dtype = "Float" if dtype == "Long" and op.split(".")[0] in TO_FLOAT else dtype
        for out_shape in ([0], [2, 2], [4], [3, 3], [2], [1, 1, 1]):
            case = family.case(f"{op}/{dtype}/out{sizes_text(out_shape)}")
            args = inputs(case)
            case.tensor("out", result_dtype, out_shape, [0] * math.prod(out_shape))
            case.call("r", op, *args, "out")
            case.same("r", "out")
            case.value("out")
            case.strides("out")
        for out_dtype in DTYPES:
            case = family.case(f"{op}/{dtype}/into-{out_dtype}")
            args = inputs(case)
            case.tensor("out", out_dtype, [0], [])
            case.call("r", op, *args, "out")
        if dtype in FLOATS:
            case = family.case(f"{op}/{dtype}/input-requires-grad")
            args = inputs(case, True)
            case.tensor("out", dtype, [0], [])
            case.call("r", op, *args, "out")
            case.version("out")
            case = family.case(f"{op}/{dtype}/out-requires-grad")
            args = inputs(case)
            case.tensor("out", dtype, [0], [], True)
            case.call("r", op, *args, "out")
        case = family.case(f"{op}/{dtype}/out-transposed")
        args = inputs(case)
        case.tensor("o", result_dtype, [2, 2], [0] * 4)
        case.call("out", "t", "o")
        case.call("r", op, *args, "out")
        case.strides("out")
        case.value("o")
        if arity == 2 and op != "matmul.out":
            case = family.case(f"{op}/{dtype}/out-is-input")
            args = inputs(case)
            if result_dtype == dtype:
                case.call("r", op, *args, "a")
                case.value("a")
                case.version("a")


def factories_and_views(family):
    """What the factories make (dtype, shape, values, contiguous strides),
    their errors, and what a view shares: t, view and detach against clone
    and _to_copy, which copy."""
    sizes_list = [[], [0], [1], [3], [2, 3], [0, 2], [2, 0, 3], [1, 1, 1], [-1], [2, -3]]
    for dtype, sizes in itertools.product(DTYPES, sizes_list):
        label = f"{dtype}/{sizes_text(sizes)}"
        for op, args in (("zeros", []), ("ones", []), ("empty", []), ("randn", []), ("full", [2.5]),
                         ("full", [-1.0]), ("full", [0.0])):
            case = family.case(f"{op}/{label}" + (f"/{number(args[0])}" if args else ""))
            if case.call("r", op, sizes, *args, dtype) is not None:
                case.strides("r")
                case.requires_grad("r")
    arange_cases = [(0, 5, 1), (0, 1, 0.1), (1, 0, -0.25), (0, 10, 3), (-3, 3, 1.5), (0, 0, 1), (5, 0, 1),
                    (0, 5, -1), (0, 1, 0), (0.5, 4.5, 1), (-1, 1, 0.3), (0, 3, 2.5), (1e-3, 1e-2, 1e-3),
                    (0, math.inf, 1), (0, math.nan, 1)]
    for dtype, (start, end, step) in itertools.product(DTYPES, arange_cases):
        case = family.case(f"arange/{dtype}/{number(start)}:{number(end)}:{number(step)}")
        case.call("r", "arange", start, end, step, dtype)
    view_shapes = [[6], [3, 2], [1, 6], [6, 1], [2, 1, 3], [-1], [-1, 2], [3, -1], [4], [2, 2], [-1, -1], [0], [-2, 3],
                   [6, 0]]
    for dtype, size in itertools.product(["Float", "Long", "Bool"], view_shapes):
        case = family.case(f"view/{dtype}/{sizes_text(size)}")
        case.tensor("a", dtype, [2, 3], sample(dtype, [2, 3]))
        if case.call("v", "view", "a", size) is not None:
            case.strides("v")
            case.offset("v")
            case.same_storage("v", "a")
            case.call("w", "fill_", "v", 0)
            case.value("a")
            case.version("a")
    for size in ([6], [3, 2], [2, 3]):
        case = family.case(f"view/transposed/{sizes_text(size)}")
        case.tensor("a", "Float", [2, 3], sample("Float", [2, 3]))
        case.call("at", "t", "a")
        case.call("v", "view", "at", size)
    for sizes in ([], [0], [3], [2, 3], [1, 4], [3, 0], [2, 2, 2]):
        case = family.case(f"t/{sizes_text(sizes)}")
        case.tensor("a", "Float", sizes, sample("Float", sizes))
        if case.call("v", "t", "a") is not None:
            case.strides("v")
            case.offset("v")
            case.same_storage("v", "a")
            case.call("w", "t", "v")
            case.strides("w")
            case.call("f", "fill_", "w", 7.0)
            case.value("a")
    for op, dtype in itertools.product(["clone", "detach", "_to_copy"], ["Float", "Double"]):
        case = family.case(f"{op}/{dtype}/strided")
        case.tensor("base", dtype, [12], [float(i) for i in range(12)])
        case.strided("a", "base", [3, 2], [1, 4], 1)
        case.call("r", op, "a", *(["Double"] if op == "_to_copy" else []))
        case.strides("r")
        case.offset("r")
        case.same_storage("r", "a")
        case.call("w", "fill_", "r", -1.0)
        case.value("base")
        case.version("base")
    for sizes in ([2, 3], [3], []):
        case = family.case(f"strided/offset/{sizes_text(sizes)}")
        case.tensor("base", "Float", [12], [float(i) for i in range(12)])
        case.strided("a", "base", sizes, [1] * len(sizes) if len(sizes) < 2 else [4, 1], 5 if sizes else 11)
        case.call("r", "clone", "a")
        case.strides("r")
        case.call("s", "sum", "a")


def errors(family):
    """The errors whose text the course presents as PyTorch's, one call each,
    over the ranges of their arguments."""
    for ndim, dim in itertools.product([0, 1, 2, 3], [-4, -3, -2, -1, 0, 1, 2, 3]):
        sizes = [2] * ndim
        case = family.case(f"sum.dim_IntList/dim{dim}/{ndim}d")
        case.tensor("a", "Float", sizes, sample("Float", sizes))
        case.call("r", "sum.dim_IntList", "a", [dim], False)
    for dims in ([0, 0], [1, -1], [0, 1, 0], [-2, 0]):
        case = family.case(f"sum.dim_IntList/repeated/{sizes_text(dims)}")
        case.tensor("a", "Float", [2, 2], sample("Float", [2, 2]))
        case.call("r", "sum.dim_IntList", "a", dims, False)
    for (ra, ca), (rb, cb) in itertools.product([(2, 3), (3, 2), (1, 4)], [(3, 2), (2, 3), (4, 1), (2, 2)]):
        case = family.case(f"matmul/{ra}x{ca}@{rb}x{cb}")
        case.tensor("a", "Float", [ra, ca], sample("Float", [ra, ca]))
        case.tensor("b", "Float", [rb, cb], sample("Float", [rb, cb]))
        case.call("r", "matmul", "a", "b")
    for op in ["neg", "neg_", "neg.out", "sub", "sub_", "sub.out", "relu", "relu_", "relu.out"]:
        for other in ("Bool", "Long"):
            case = family.case(f"{op}/Bool-{other}")
            case.tensor("a", "Bool", [2], [True, False])
            case.tensor("b", other, [2], numeric_sample(other, [2]))
            args = ["a"] + (["b"] if op.startswith("sub") else [])
            if op.endswith(".out"):
                case.tensor("out", "Long", [0], [])
                args.append("out")
            case.call("r", op, *args)
            if not op.startswith("sub"):
                break
    for a_shape, b_shape in itertools.product([[2], [3, 2], [2, 4, 3]], [[3], [4, 1], [5, 2, 1]]):
        case = family.case(f"broadcast/{sizes_text(a_shape)}-{sizes_text(b_shape)}")
        case.tensor("a", "Float", a_shape, sample("Float", a_shape))
        case.tensor("b", "Float", b_shape, sample("Float", b_shape))
        case.call("r", "mul", "a", "b")
        case.call("r", "add_", "b", "a")
    for dtype in ("Long", "Bool"):
        for value in (math.nan, math.inf, -math.inf, 1e30):
            case = family.case(f"fill_/{dtype}/{number(value)}")
            case.tensor("a", dtype, [2], numeric_sample(dtype, [2]))
            case.call("r", "fill_", "a", value)
        case = family.case(f"full/{dtype}/nan")
        case.call("r", "full", [2], math.nan, dtype)
        for op in ("randn",):
            case = family.case(f"{op}/{dtype}")
            case.call("r", op, [2], dtype)
    for src in ([3], [2, 2], [1], [2, 1, 2], [0]):
        case = family.case(f"copy_/[2,2]<-{sizes_text(src)}")
        case.tensor("a", "Float", [2, 2], [0.0] * 4)
        case.tensor("b", "Float", src, sample("Float", src))
        case.call("r", "copy_", "a", "b")
        if "r" in case.env:
            case.value("a")


def alpha(family):
    """add and sub with alpha: a + alpha * b for every dtype and every kind of
    alpha (int, float, bool), which alphas each dtype refuses, in place and
    out=, and the gradients (other's is grad * alpha); then rsub's two
    overloads, b - alpha * a and 2 - alpha * a."""
    alphas = [2, -3, 0, 0.5, 2.0, -0.25, True, False]
    for op, dtype, value in itertools.product(["add", "sub"], list(DTYPES), alphas):
        case = family.case(f"{op}/{dtype}/{arg_text(value)}")
        case.tensor("a", dtype, [4], sample(dtype, [4]))
        case.tensor("b", dtype, [4], sample(dtype, [4], 1))
        case.call("r", op, "a", "b", value)
        case.tensor("o", dtype, [4], sample(dtype, [4], 2))
        case.call("o2", op + ".out", "a", "b", value, "o")
        case.call("c", op + "_", "a", "b", value)
        case.value("a")
    # Mixed dtypes: alpha is checked against the promoted dtype, and an int
    # tensor written in place with a float result is refused first.
    for op, (dtype_a, dtype_b), value in itertools.product(
            ["add", "sub"], [("Long", "Float"), ("Float", "Long"), ("Bool", "Long"), ("Long", "Double")],
            [3, 1.5, True]):
        case = family.case(f"{op}/{dtype_a}-{dtype_b}/{arg_text(value)}")
        case.tensor("a", dtype_a, [2], numeric_sample(dtype_a, [2]))
        case.tensor("b", dtype_b, [2], numeric_sample(dtype_b, [2], 1))
        case.call("r", op, "a", "b", value)
        case.call("c", op + "_", "a", "b", value)
    for op, dtype, value in itertools.product(["add", "sub"], FLOATS, [1, 3, -0.5]):
        case = family.case(f"grad/{op}/{dtype}/{arg_text(value)}")
        case.tensor("a", dtype, [2, 3], differentiable_inputs(dtype, [2, 3]), True)
        case.tensor("b", dtype, [3], differentiable_inputs(dtype, [3], 1), True)
        result = case.call("r", op, "a", "b", value)
        case.tensor("g", dtype, list(result.shape), differentiable_inputs(dtype, result.shape, 2))
        case.backward("r", "g")
        case.grad("a")
        case.grad("b")
    # rsub (what `2 - a` runs): other - alpha * self, a function only. Its
    # Scalar overload wraps the number, which type promotion counts below
    # every tensor (an int64 tensor and 2.5 give float32).
    for dtype, value in itertools.product(list(DTYPES), [2, -3, 0.5, True]):
        case = family.case(f"rsub/{dtype}/{arg_text(value)}")
        case.tensor("a", dtype, [4], sample(dtype, [4]))
        case.tensor("b", dtype, [4], sample(dtype, [4], 1))
        case.call("r", "rsub", "a", "b", value)
    for dtype, other in itertools.product(list(DTYPES), [2, -1.5, True]):
        case = family.case(f"rsub.Scalar/{dtype}/{arg_text(other)}")
        case.tensor("a", dtype, [4], sample(dtype, [4]))
        case.call("r", "rsub.Scalar", "a", other)
        case.call("r2", "rsub.Scalar", "a", other, 2)
    for dtype in FLOATS:
        case = family.case(f"grad/rsub/{dtype}")
        case.tensor("a", dtype, [2, 3], differentiable_inputs(dtype, [2, 3]), True)
        case.tensor("b", dtype, [3], differentiable_inputs(dtype, [3], 1), True)
        result = case.call("r", "rsub", "a", "b", -0.5)
        case.tensor("g", dtype, list(result.shape), differentiable_inputs(dtype, result.shape, 2))
        case.backward("r", "g")
        case.grad("a")
        case.grad("b")
        case = family.case(f"grad/rsub.Scalar/{dtype}")
        case.tensor("a", dtype, [2, 3], differentiable_inputs(dtype, [2, 3]), True)
        result = case.call("r", "rsub.Scalar", "a", 1.5, 3)
        case.tensor("g", dtype, list(result.shape), differentiable_inputs(dtype, result.shape, 2))
        case.backward("r", "g")
        case.grad("a")


# lerp's weights: both sides of 0.5, where 1.13's formula switches from
# start + w * (end - start) to end - (end - start) * (1 - w), its ends, and
# outside [0, 1].
LERP_WEIGHTS = [0.25, 0.5, 0.75, 1.0, 0.0, -0.5, 1.5]


def lerp(family):
    """torch.lerp(self, end, weight) with three tensors: one dtype for all
    three (no promotion: a second dtype is refused, in TypeMeta's words), the
    broadcast of three shapes, in place and out= (whose dtype is not cast
    into), and its values (exercise 06.5)."""
    for dtype in DTYPES:
        case = family.case(f"dtype/{dtype}")
        weights = LERP_WEIGHTS[:3] if dtype in FLOATS else sample(dtype, [3], 2)
        case.tensor("a", dtype, [3], sample(dtype, [3]))
        case.tensor("b", dtype, [3], sample(dtype, [3], 1))
        case.tensor("w", dtype, [3], weights)
        case.call("r", "lerp", "a", "b", "w")
        case.tensor("o", dtype, [0], [])
        case.call("o2", "lerp.Tensor_out", "a", "b", "w", "o")
        case.call("c", "lerp_", "a", "b", "w")
        case.value("a")
    # A second dtype, as end, as weight (n-dim and 0-dim), or as out=.
    for dtype, other in itertools.product(DTYPES, DTYPES):
        if dtype == other:
            continue
        case = family.case(f"mixed/{dtype}-{other}")
        case.tensor("a", dtype, [2], sample(dtype, [2]))
        case.tensor("x", other, [2], sample(other, [2], 1))
        case.tensor("s", other, [], sample(other, [1], 2))
        case.tensor("w", dtype, [2], LERP_WEIGHTS[:2] if dtype in FLOATS else sample(dtype, [2], 2))
        case.call("r1", "lerp", "a", "x", "w")
        case.call("r2", "lerp", "a", "a", "x")
        case.call("r3", "lerp", "a", "a", "s")
        case.call("r4", "lerp_", "a", "x", "x")
        case.tensor("o", other, [0], [])
        case.call("r5", "lerp.Tensor_out", "a", "a", "w", "o")
    # Three shapes: each input may be the one that broadcasts, or the one
    # that does not fit.
    shapes = [([3], [3], [3]), ([2, 1], [3], []), ([3], [2, 1], [1]), ([3], [3], [2, 1]), ([1, 3], [2, 1], [2, 3]),
              ([], [], []), ([], [3], []), ([], [], [2, 2]), ([0, 3], [3], []), ([2, 1, 1], [1, 3], [4, 1]),
              ([3], [2], [3]), ([3], [3], [2]), ([2, 3], [3], [3, 1]), ([0], [2], [])]
    for self_shape, end_shape, weight_shape in shapes:
        label = "-".join(sizes_text(shape) for shape in (self_shape, end_shape, weight_shape))
        case = family.case(f"broadcast/{label}")
        case.tensor("a", "Float", self_shape, sample("Float", self_shape))
        case.tensor("b", "Float", end_shape, sample("Float", end_shape, 1))
        case.tensor("w", "Float", weight_shape,
                    [LERP_WEIGHTS[i % len(LERP_WEIGHTS)] for i in range(math.prod(weight_shape))])
        case.call("r", "lerp", "a", "b", "w")
        case.tensor("o", "Float", [0], [])
        case.call("o2", "lerp.Tensor_out", "a", "b", "w", "o")
        case.call("c", "lerp_", "a", "b", "w")
        case.value("a")
    # Values: every weight against specials and large values, in both floats.
    ends = [0.0, -0.0, 1.0, -2.5, 1e30, -1e30, math.inf, -math.inf, math.nan]
    for dtype in FLOATS:
        for weight in LERP_WEIGHTS + [math.nan, math.inf]:
            case = family.case(f"values/{dtype}/{arg_text(weight)}")
            starts = [ends[(i + 3) % len(ends)] for i in range(len(ends))]
            case.tensor("a", dtype, [len(ends)], starts)
            case.tensor("b", dtype, [len(ends)], ends)
            case.tensor("w", dtype, [], [weight])
            case.call("r", "lerp", "a", "b", "w")
    # out=: resized from a wrong non-empty shape (a warning, as 1.13 still
    # does), written as it is when its shape is right.
    for out_shape in [[0], [2, 3], [3], [6]]:
        case = family.case(f"out/{sizes_text(out_shape)}")
        case.tensor("a", "Double", [2, 1], sample("Double", [2, 1]))
        case.tensor("b", "Double", [3], sample("Double", [3], 1))
        case.tensor("w", "Double", [], [0.75])
        case.tensor("o", "Double", out_shape, sample("Double", out_shape, 2))
        case.call("r", "lerp.Tensor_out", "a", "b", "w", "o")
        case.same("r", "o")
        case.value("o")


# Operands of each dtype for the comparisons: values that repeat across
# dtypes (1, 0, 2 / 2.0, -1), so that some pairs are equal and some not
# after promotion, and a fraction the integers cannot hold.
COMPARISON_SAMPLE = {"Bool": [True, False, True, False, True, False], "Long": [1, 0, 2, -1, 3, 1],
                     "Float": [1.0, 0.5, 2.0, -1.0, 2.5, 0.0], "Double": [1.0, 0.0, 2.5, -1.0, 3.0, 0.5]}


def comparison_sample(dtype, sizes, shift=0):
    values = COMPARISON_SAMPLE[dtype]
    return [values[(i + shift) % len(values)] for i in range(math.prod(sizes))]


def comparison(family):
    """eq, ne, lt, le, gt and ge: every dtype pair, each operand 0-dim or
    not, compared in their common dtype with a bool result; a number of each
    kind as `other` (a wrapped number: an int64 tensor and 2.5 compare in
    float32); NaN, infinities and signed zeros; out= of every dtype (the
    bools cast, no "can't be cast" refusal), resized or refused; broadcasting;
    a strided operand; and a result that never requires grad."""
    for op, (da, db), (za, zb) in itertools.product(COMPARISONS, itertools.product(DTYPES, DTYPES),
                                                    itertools.product([False, True], repeat=2)):
        shape_a, shape_b = ([] if za else [2, 3]), ([] if zb else [2, 3])
        case = family.case(f"{op}/{da}{'[]' if za else '[2,3]'}-{db}{'[]' if zb else '[2,3]'}")
        case.tensor("a", da, shape_a, comparison_sample(da, shape_a))
        case.tensor("b", db, shape_b, comparison_sample(db, shape_b, 1 if za == zb else 0))
        case.call("r", op, "a", "b")
    for op, dtype in itertools.product(COMPARISONS, DTYPES):
        case = family.case(f"{op}.Scalar/{dtype}")
        case.tensor("a", dtype, [6], comparison_sample(dtype, [6]))
        for index, other in enumerate([1, 2, -1, 0.5, 2.0, 2.5, True, False]):
            case.call(f"r{index}", op + ".Scalar", "a", other)
    # Promotion that decides a value: float32's 0.1 against 0.1 as a number,
    # as a 0-dim float64 tensor (both float32: equal) and as a 1-dim one
    # (float64: not); 2**53 + 1 in int64 against an int and a float.
    for op in COMPARISONS:
        case = family.case(f"{op}/precision")
        case.tensor("a", "Float", [2], [0.1, 0.2])
        case.tensor("s", "Double", [], [0.1])
        case.tensor("v", "Double", [1], [0.1])
        case.call("r1", op + ".Scalar", "a", 0.1)
        case.call("r2", op, "a", "s")
        case.call("r3", op, "a", "v")
        case.tensor("n", "Long", [2], [2**53 + 1, 2**53])
        case.call("r4", op + ".Scalar", "n", 2**53)
        case.call("r5", op + ".Scalar", "n", 9007199254740992.0)
        case.tensor("m", "Long", [1], [2**53])
        case.call("r6", op, "n", "m")
    specials = [math.nan, math.inf, -math.inf, -0.0, 0.0, 1.0, math.nan, 3.0]
    others = [math.nan, math.inf, 1.0, 0.0, -0.0, math.nan, 1.0, math.inf]
    for op, dtype in itertools.product(COMPARISONS, FLOATS):
        case = family.case(f"{op}/specials/{dtype}")
        case.tensor("a", dtype, [len(specials)], specials)
        case.tensor("b", dtype, [len(others)], others)
        case.call("r", op, "a", "b")
        case.call("s", op + ".Scalar", "a", math.nan)
        case.call("t", op + ".Scalar", "a", math.inf)
    for op, dout in itertools.product(COMPARISONS, DTYPES):
        case = family.case(f"{op}.out/{dout}")
        case.tensor("a", "Long", [2, 3], comparison_sample("Long", [2, 3]))
        case.tensor("b", "Float", [3], comparison_sample("Float", [3], 2))
        case.tensor("o", dout, [2, 3], sample(dout, [2, 3]))
        case.call("r", op + ".Tensor_out", "a", "b", "o")
        case.same("r", "o")
        case.value("o")
        case.tensor("p", dout, [0], [])
        case.call("q", op + ".Scalar_out", "a", 1.5, "p")
        case.value("p")
        case.tensor("w", dout, [4], sample(dout, [4]))
        case.call("x", op + ".Tensor_out", "a", "b", "w")
        case.tensor("z", dout, [2, 3], sample(dout, [2, 3]))
        case.call("y", op + ".Tensor_out", "z", "a", "z")
        case.value("z")
    shapes = [([2, 1], [3]), ([3], [2]), ([0], [1]), ([], [2, 2]), ([1, 3], [2, 1]), ([0, 2], [3, 1, 1])]
    for op, (shape_a, shape_b) in itertools.product(COMPARISONS, shapes):
        case = family.case(f"{op}/broadcast/{sizes_text(shape_a)}-{sizes_text(shape_b)}")
        case.tensor("a", "Long", shape_a, comparison_sample("Long", shape_a))
        case.tensor("b", "Double", shape_b, comparison_sample("Double", shape_b, 1))
        case.call("r", op, "a", "b")
        case.tensor("o", "Bool", [1], [True])
        case.call("s", op + ".Tensor_out", "a", "b", "o")
    for op in COMPARISONS:
        case = family.case(f"{op}/transposed_operand")
        case.tensor("a", "Double", [2, 3], comparison_sample("Double", [2, 3]))
        case.strided("t", "a", [3, 2], [1, 3], 0)
        case.tensor("b", "Long", [3, 2], comparison_sample("Long", [3, 2], 2))
        case.call("r", op, "t", "b")
        case.call("s", op + ".Scalar", "t", 1)
        case.strides("r")
    # A mask in arithmetic: promoted with a float (mul), refused by sub and
    # neg, and by matmul, whose CPU kernel refuses a Bool self before it
    # compares the two dtypes (the random programs met this order).
    for op in ["lt", "ge"]:
        case = family.case(f"{op}/mask")
        case.tensor("a", "Float", [2, 2], [0.5, -1.0, 2.0, -0.25])
        case.call("m", op + ".Scalar", "a", 0)
        case.call("r1", "mul", "a", "m")
        case.call("r2", "sub", "a", "m")
        case.call("r3", "neg", "m")
        case.call("r4", "matmul", "m", "a")
        case.call("r5", "matmul", "a", "m")
        case.call("r6", "add", "m", "m")
    for op in COMPARISONS:
        case = family.case(f"{op}/requires_grad")
        case.tensor("a", "Float", [3], [1.0, 2.0, 3.0], True)
        case.tensor("b", "Float", [3], [3.0, 2.0, 1.0], True)
        case.call("r", op, "a", "b")
        case.requires_grad("r")
        case.is_leaf("r")
        case.call("s", op + ".Scalar", "a", 2)
        case.requires_grad("s")
        case.tensor("o", "Bool", [3], [False, False, False])
        case.call("t", op + ".Tensor_out", "a", "b", "o")
        case.requires_grad("t")
        case.tensor("p", "Double", [3], [0.0, 0.0, 0.0])
        case.call("u", op + ".Scalar_out", "a", 2, "p")


CLASSIFIER_SHAPES = [[], [4], [2, 3], [2, 3, 4]]


def classifier(family):
    """The operators of the training script's batches, loss and prediction:
    slice (offsets, steps, clamping, writes through the view, a gradient), argmax
    (first index of the largest, NaN the largest, ties, no dim, keepdim,
    errors) and _log_softmax with its backward (every dimension, large and
    infinite logits, dtypes, half_to_float on the CPU, out=, a gradient)."""
    for dtype, sizes in itertools.product(["Long", "Float", "Double", "Bool"], CLASSIFIER_SHAPES):
        numel = math.prod(sizes)
        values = [(i * 7) % 5 for i in range(numel)] if dtype != "Bool" else [i % 3 == 1 for i in range(numel)]
        for dim in [None] + list(range(-len(sizes) - 1, len(sizes) + 1)):
            for keepdim in (False, True):
                case = family.case(f"argmax/{dtype}/{sizes_text(sizes)}/{dim}/{keepdim}")
                case.tensor("a", dtype, sizes, values)
                case.call("r", "argmax", "a", dim, keepdim)
    for name, values in [("nan", [1.0, math.nan, 3.0, math.nan]), ("inf", [-math.inf, 2.0, math.inf, math.inf]),
                         ("ties", [2.0, 5.0, 5.0, -1.0]), ("negative", [-3.0, -1.5, -1.5, -2.0])]:
        case = family.case(f"argmax/values/{name}")
        case.tensor("a", "Float", [4], values)
        case.call("r", "argmax", "a", None, False)
        case.call("s", "argmax", "a", 0, True)
    # A dimension of size 1: zeros before the dtype is looked at (a bool's too).
    for dtype, dim in itertools.product(["Bool", "Float"], [0, 1, None]):
        case = family.case(f"argmax/size1/{dtype}/{dim}")
        case.tensor("a", dtype, [3, 1], [True, False, True] if dtype == "Bool" else [2.0, -1.0, 7.0])
        case.call("r", "argmax", "a", dim, True)
    for sizes, dim in [([0], None), ([0], 0), ([2, 0], 1), ([2, 0], 0), ([0, 3], None)]:
        case = family.case(f"argmax/empty/{sizes_text(sizes)}/{dim}")
        case.tensor("a", "Float", sizes, [])
        case.call("r", "argmax", "a", dim, False)
    for out_dtype, out_sizes in [("Long", [0]), ("Long", [2]), ("Float", [2]), ("Long", [3, 3])]:
        case = family.case(f"argmax.out/{out_dtype}/{sizes_text(out_sizes)}")
        case.tensor("a", "Float", [2, 3], [1.0, 4.0, 2.0, 9.0, -1.0, 9.0])
        case.tensor("out", out_dtype, out_sizes, [0] * math.prod(out_sizes))
        case.call("r", "argmax.out", "a", 1, False, "out")
        case.same("r", "out")
    for dtype, sizes in itertools.product(["Float", "Double", "Long"], CLASSIFIER_SHAPES):
        numel = math.prod(sizes)
        values = [((i * 7) % 5 - 2) * 0.75 for i in range(numel)] if dtype != "Long" else [i % 3 for i in range(numel)]
        for dim in range(-len(sizes) - 1, len(sizes) + 1):
            case = family.case(f"_log_softmax/{dtype}/{sizes_text(sizes)}/{dim}")
            case.tensor("a", dtype, sizes, values)
            case.call("r", "_log_softmax", "a", dim, False)
            # The backward of what the forward gave, or, where the forward
            # failed (a Long input), of the input itself: its own errors.
            case.tensor("g", dtype, sizes, [(i % 4) * 0.5 - 0.5 if dtype != "Long" else i % 2 for i in range(numel)])
            case.call("b", "_log_softmax_backward_data", "g", "r" if case.has("r") else "a", dim, dtype)
    for name, values in [("large", [1000.0, 0.0, -1000.0]), ("equal", [3.0, 3.0, 3.0]),
                         ("inf", [-math.inf, 1.0, 2.0]), ("nan", [1.0, math.nan, 2.0]),
                         ("tiny", [1e-30, -1e-30, 0.0])]:
        for dtype in FLOATS:
            case = family.case(f"_log_softmax/values/{name}/{dtype}")
            case.tensor("a", dtype, [3], values)
            case.call("r", "_log_softmax", "a", 0, False)
    case = family.case("_log_softmax/half_to_float")
    case.tensor("a", "Float", [2], [1.0, 2.0])
    case.call("r", "_log_softmax", "a", 0, True)
    for out_dtype, out_sizes in [("Float", [0]), ("Float", [2, 3]), ("Double", [2, 3]), ("Float", [5])]:
        case = family.case(f"_log_softmax.out/{out_dtype}/{sizes_text(out_sizes)}")
        case.tensor("a", "Float", [2, 3], [1.0, 4.0, 2.0, 9.0, -1.0, 9.0])
        case.tensor("out", out_dtype, out_sizes, [0.0] * math.prod(out_sizes))
        case.call("r", "_log_softmax.out", "a", 1, False, "out")
        case.same("r", "out")
        case.tensor("g", "Float", [2, 3], [1.0, 0.0, 0.0, 0.0, 0.0, 1.0])
        case.tensor("gout", out_dtype, out_sizes, [0.0] * math.prod(out_sizes))
        case.call("b", "_log_softmax_backward_data.out", "g", "a", 1, "Float", "gout")
    # slice, the mini-batches' rows: a view with an offset and a step,
    # start and end wrapped once and clamped, writes seen through it, a
    # gradient back into the rows it took, and its refusals.
    for dim, start, end, step in [(0, 1, 3, 1), (0, None, None, 1), (0, -2, None, 1), (0, 2, 100, 1), (0, 5, 9, 1),
                                  (0, -100, 2, 1), (0, 3, 1, 1), (1, 0, 4, 2), (-1, 1, None, 3), (1, None, -1, 1),
                                  (2, 0, 1, 1), (0, 0, 2, 0), (0, 0, 2, -1)]:
        case = family.case(f"slice/{dim}/{start}/{end}/{step}")
        case.tensor("a", "Float", [4, 4], [float(i) for i in range(16)])
        case.call("r", "slice", "a", dim, start, end, step)
        case.strides("r")
        case.offset("r")
        case.same_storage("r", "a")
    case = family.case("slice/0-d")
    case.tensor("a", "Float", [], [2.0])
    case.call("r", "slice", "a", 0, 0, 1, 1)
    case = family.case("slice/write-through")
    case.tensor("a", "Float", [3, 2], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    case.call("r", "slice", "a", 0, 1, 3, 1)
    case.call("s", "mul_", "r", "r")
    case.value("a")
    case.version("a")
    case.version("r")
    for dtype in FLOATS:
        case = family.case(f"slice/gradient/{dtype}")
        case.tensor("a", dtype, [4, 2], [0.5, -1.0, 2.0, 0.25, 1.5, -0.75, 3.0, 1.0], True)
        case.call("r", "slice", "a", 0, 1, 4, 2)
        case.call("m", "mul", "r", "r")
        case.call("s", "sum", "m")
        case.backward("s")
        case.grad("a")
    # The loss of a classifier: log_softmax, then each row's class picked by
    # a one-hot mask; the gradient reaches the logits through
    # _log_softmax_backward_data.
    for dtype, dim in itertools.product(FLOATS, [0, 1, -1]):
        case = family.case(f"_log_softmax/gradient/{dtype}/{dim}")
        case.tensor("a", dtype, [2, 3], [0.5, -1.0, 2.0, 0.25, 1.5, -0.75], True)
        case.tensor("w", dtype, [2, 3], [0.0, 1.0, 0.0, 1.0, 0.0, 0.0])
        case.call("r", "_log_softmax", "a", dim, False)
        case.call("m", "mul", "r", "w")
        case.call("s", "sum", "m")
        case.backward("s")
        case.grad("a")
        case.requires_grad("r")


FAMILIES = [
    ("promotion", "the result dtype (or the error) of every operator for every dtype pair, 0-dim and n-dim",
     promotion),
    ("broadcasting", "the result shape (or the error) for pairs of shapes with size-0 and size-1 dimensions",
     broadcasting),
    ("values", "NaN, +-inf, -0, division by zero, huge and tiny values, strided operands and outputs", values),
    ("gradients", "the gradients of every operator and variant, in-place and out= included", gradients),
    ("versions", "version counters after every in-place and out= call, through views, after failures", versions),
    ("misuse", "backward misuse: twice, a modified saved tensor, non-scalar roots, leaves written in place",
     misuse),
    ("out", "out= rules: resizing, dtypes, requires_grad, strides, aliasing", out_rules),
    ("factories_views", "factories and views: shapes, strides, storage sharing, errors", factories_and_views),
    ("errors", "error texts of the calls whose messages the course presents as PyTorch's", errors),
    ("alpha", "add, sub and rsub with alpha: values, the alphas each dtype refuses, in place, out=, gradients",
     alpha),
    ("lerp", "lerp with three tensors (exercise 06.5): dtypes, three-way broadcasting, in place, out=, values",
     lerp),
    ("comparison", "eq, ne, lt, le, gt, ge: promotion to a common dtype, bool results, numbers, NaN, out=, "
     "broadcasting", comparison),
    ("classifier", "slice, argmax and _log_softmax with its backward, the training script's: dims, dtypes, NaN and "
     "inf, ties, out=, views, gradients", classifier),
]


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    if not torch.__version__.startswith("1.13"):
        sys.exit(f"expected torch 1.13, found {torch.__version__} (run with /usr/bin/python3)")
    torch.manual_seed(0)
    # Calls through torch.ops warn from C++ (an out= tensor resized) straight
    # to the standard error: only this script's own lines go there.
    report = os.fdopen(os.dup(2), "w")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    out_dir = argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for name, about, build in FAMILIES:
        family = Family(name, about)
        build(family)
        with open(os.path.join(out_dir, f"{name}.txt"), "w", encoding="utf-8") as handle:
            handle.write(family.text())
        print(f"{name}: {len(family.cases)} cases", file=report)


if __name__ == "__main__":
    main(sys.argv)
