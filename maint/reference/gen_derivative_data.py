#!/usr/bin/python3
"""Generate chapter 06's derivative data: gradients PyTorch 1.13 computes.

Chapter 06 claims its backward formulas are PyTorch 1.13's (derivatives.yaml,
and copy_'s hand-written CopyBackwards). gradcheck proves a formula is *a*
derivative; these numbers prove it is 1.13's, computed the same way: each case
runs one operator in torch on fixed inputs, calls backward with a fixed
gradient, and records the forward result, the name of its grad_fn, the
version of the tensor an in-place operator wrote, and every input's gradient.

It needs Debian's python3-torch 1.13.1, so run it with the system interpreter:

    /usr/bin/python3 maint/reference/gen_derivative_data.py \\
        > chapters/06_backends/tests/data/pytorch-1.13-derivatives.txt

The tests ch06.EveryCase/DerivativeOf.* (chapters/06_backends/tests/derivatives/
derivative_data_test.cpp) read the file, run the same expression for each
case (its table names the same cases) and compare; torch is never needed to
run it. Running the script twice gives the same bytes.

File format, one item a line, fields separated by one space:

    # ...                                  comment (the header)
    case NAME GRAD_FN VERSION ULPS         a case; VERSION is the result's
                                           _version; ULPS how many units in the
                                           last place a gradient may differ by
    expr TEXT                              the torch expression (for readers)
    input I REQUIRES_GRAD TENSOR           input I (0 or 1) of the expression
    grad_output TENSOR                     the gradient backward starts from
    output TENSOR                          the expression's value
    grad I TENSOR | grad I none            input I's gradient
    end

where TENSOR is `DTYPE NDIM SIZE... VALUE...` (DTYPE float64 or float32,
each value as Python's repr of the float: it reads back exactly).

ULPS is 0, bit for bit, for the formulas that are arithmetic alone. It is 4
where a gradient multiplies by sin's cos or exp's result: torch computes those
with SLEEF's vectorized functions, which differ from the C library's in the
last bit for about one input in fifty. Forward values are compared to 4 units
in every case (a sum adds in a different order).
"""

import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402

# name -> (expression text, function of the inputs, inputs, ULPS). Inputs are
# (sizes, dtype, requires_grad). The in-place operators write into a clone of
# input 0: a leaf that requires grad refuses them, and its clone is the
# smallest graph that reaches the leaf through self's old history.
F64, F32 = torch.float64, torch.float32
MATRIX = ([2, 3], F64, True)
ROW = ([3], F64, True)
CUBE = ([2, 3, 4], F64, True)


def inplace(method):
    def run(x):
        y = x[0].clone()
        getattr(y, method)(*x[1:])
        return y
    return run


CASES = {
    "sum_dim_IntList": ("x0.sum([1])", lambda x: x[0].sum([1]), [CUBE], 0),
    "sum_dim_IntList_keepdim": ("x0.sum([0, 2], keepdim=True)", lambda x: x[0].sum([0, 2], keepdim=True), [CUBE], 0),
    "sum_dim_IntList_negative": ("x0.sum([-1, 0])", lambda x: x[0].sum([-1, 0]), [CUBE], 0),
    "sum_dim_IntList_empty": ("x0.sum([])", lambda x: x[0].sum([]), [MATRIX], 0),
    "clone": ("x0.clone()", lambda x: x[0].clone(), [MATRIX], 0),
    "copy_": ("y = x0.clone(); y.copy_(x1)", inplace("copy_"), [MATRIX, ROW], 0),
    "copy_from_float32": ("y = x0.clone(); y.copy_(x1)", inplace("copy_"), [MATRIX, ([2, 3], F32, True)], 0),
    "copy_into_float32": ("y = x0.to(torch.float32); y.copy_(x1)",
                          lambda x: x[0].to(F32).copy_(x[1]), [MATRIX, ROW], 0),
    "atan2": ("torch.atan2(x0, x1)", lambda x: torch.atan2(x[0], x[1]), [MATRIX, MATRIX], 0),
    "atan2_broadcast": ("torch.atan2(x0, x1)", lambda x: torch.atan2(x[0], x[1]), [MATRIX, ROW], 0),
    "atan2_other_only": ("torch.atan2(x0, x1)", lambda x: torch.atan2(x[0], x[1]),
                         [([2, 3], F64, False), ROW], 0),
    "sin": ("torch.sin(x0)", lambda x: torch.sin(x[0]), [MATRIX], 4),
    "div": ("torch.div(x0, x1)", lambda x: torch.div(x[0], x[1]), [MATRIX, ROW], 0),
    "sub_": ("y = x0.clone(); y.sub_(x1)", inplace("sub_"), [MATRIX, ROW], 0),
    "mul_": ("y = x0.clone(); y.mul_(x1)", inplace("mul_"), [MATRIX, ROW], 0),
    "div_": ("y = x0.clone(); y.div_(x1)", inplace("div_"), [MATRIX, ROW], 0),
    "div_other_only": ("y = x0.clone(); y.div_(x1)", inplace("div_"), [([2, 3], F64, False), ROW], 0),
    "neg_": ("y = x0.clone(); y.neg_()", inplace("neg_"), [MATRIX], 0),
    "relu_": ("y = x0.clone(); y.relu_()", inplace("relu_"), [MATRIX], 0),
    "exp_": ("y = x0.clone(); y.exp_()", inplace("exp_"), [MATRIX], 4),
    "atan2_": ("y = x0.clone(); y.atan2_(x1)", inplace("atan2_"), [MATRIX, ROW], 0),
    # rsub (what `2 - a` runs): both overloads, alpha included.
    "rsub_Tensor": ("torch.rsub(x0, x1, alpha=2)", lambda x: torch.rsub(x[0], x[1], alpha=2), [MATRIX, ROW], 0),
    "rsub_Tensor_other_only": ("torch.rsub(x0, x1)", lambda x: torch.rsub(x[0], x[1]),
                               [([2, 3], F64, False), ROW], 0),
    "rsub_Scalar": ("torch.rsub(x0, 2.5, 3)", lambda x: torch.rsub(x[0], 2.5, 3), [MATRIX], 0),
    "rsub_Scalar_float32": ("2 - x0", lambda x: 2 - x[0], [([2, 3], F32, True)], 0),
}


def tensor_text(t):
    t = t.detach()
    values = " ".join(repr(float(v)) for v in t.reshape(-1).tolist())
    dtype = {F64: "float64", F32: "float32"}[t.dtype]
    return " ".join([dtype, str(t.dim())] + [str(s) for s in t.shape] + ([values] if values else []))


def case_lines(name, text, function, specs, ulps, seed):
    torch.manual_seed(seed)
    # randn never gives an exact 0, so relu_ stays off its kink and div_ has
    # no zero divisor.
    inputs = [torch.randn(sizes, dtype=dtype).requires_grad_(requires_grad) for sizes, dtype, requires_grad in specs]
    result = function(inputs)
    grad_output = torch.randn(result.shape, dtype=result.dtype)
    version = result._version
    grad_fn = type(result.grad_fn).__name__
    output = result.detach().clone()
    result.backward(grad_output)
    lines = [f"case {name} {grad_fn} {version} {ulps}", f"expr {text}"]
    for i, (x, (_, _, requires_grad)) in enumerate(zip(inputs, specs)):
        lines.append(f"input {i} {int(requires_grad)} {tensor_text(x)}")
    lines.append(f"grad_output {tensor_text(grad_output)}")
    lines.append(f"output {tensor_text(output)}")
    for i, x in enumerate(inputs):
        lines.append(f"grad {i} {tensor_text(x.grad) if x.grad is not None else 'none'}")
    lines.append("end")
    return lines


def main():
    print(f"# Gradients of PyTorch {torch.__version__}, "
          "written by maint/reference/gen_derivative_data.py: do not edit.")
    print("# Format: that script's docstring.")
    for seed, (name, (text, function, specs, ulps)) in enumerate(CASES.items()):
        print("\n".join(case_lines(name, text, function, specs, ulps, seed)))


if __name__ == "__main__":
    main()
