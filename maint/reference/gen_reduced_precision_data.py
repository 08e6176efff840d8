#!/usr/bin/python3
"""Generate chapter 06's differential data for float16 and bfloat16 from PyTorch 1.13.

The sibling of maint/reference/gen_parity_data.py, in the same line language and with
its Case and Family: this script adds the two-byte dtypes to that script's
tables and writes one family, reduced_precision.txt, beside the others. It
records what torch 1.13 gives for

- promotion: every binary operator (and its in-place and out= variants) for
  every dtype pair that holds float16 or bfloat16, 0-dim and n-dim; the unary
  operators, sum and matmul in each of the two;
- conversion: float32 and float64 values at the rounding boundaries (ties to
  even, subnormals, overflow to inf, NaN, -0) into each two-byte dtype, and
  fill_/full of values each can or cannot hold;
- values: every operator on NaN, +-inf, -0 and ordinary values in each.

Run it with the system interpreter (Debian's python3-torch 1.13.1):

    /usr/bin/python3 maint/reference/gen_reduced_precision_data.py chapters/06_backends/tests/data/parity
"""

import itertools
import os
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import gen_parity_data as parity  # noqa: E402

REDUCED = ["Half", "BFloat16"]
parity.DTYPES.update({"Half": parity.torch.float16, "BFloat16": parity.torch.bfloat16})
parity.DTYPE_NAMES.update({dtype: name for name, dtype in parity.DTYPES.items()})
# Exact in both two-byte types, none zero (a divisor).
parity.SAMPLE.update({"Half": [1.5, -2.25, 0.5, 3.0, -1.0, 2.5], "BFloat16": [2.5, 1.25, -0.75, 4.0, -3.5, 0.25]})

# float32 values where rounding decides: ties between two halves and two
# bfloat16s (1 + 2^-11 and 1 + 3 * 2^-11 for float16, 1 + 2^-8 and 1 + 3 *
# 2^-8 for bfloat16), just past a tie, float16's largest finite value and
# the first value that rounds to inf, its smallest subnormal and half of it,
# bfloat16's overflow, and the specials.
ROUNDING = [1.00048828125, 1.00146484375, 1.0048828125, 1.01171875, 1.0009765625, 65504.0, 65519.0, 65520.0,
            5.960464477539063e-08, 2.9802322387695312e-08, 1e-40, 3.3961775292304135e+38, 0.1, -0.0,
            parity.math.inf, -parity.math.inf, parity.math.nan]


def promotion(family):
    dtypes = list(parity.DTYPES)
    pairs = [(a, b) for a, b in itertools.product(dtypes, dtypes) if a in REDUCED or b in REDUCED]
    for op, (da, db), (za, zb) in itertools.product(parity.BINARY, pairs, itertools.product([False, True], repeat=2)):
        shape_a, shape_b = ([] if za else [2, 3]), ([] if zb else [2, 3])
        label = f"{da}{'[]' if za else '[2,3]'}-{db}{'[]' if zb else '[2,3]'}"
        for variant in ("", "_"):
            case = family.case(f"promotion/{op}{variant}/{label}")
            case.tensor("a", da, shape_a, parity.sample(da, shape_a))
            case.tensor("b", db, shape_b, parity.numeric_sample(db, shape_b, 1))
            case.call("r", op + variant, "a", "b")
        if za or zb:
            continue
        for dout in dtypes:
            case = family.case(f"promotion/{op}.out/{label}->{dout}")
            case.tensor("a", da, shape_a, parity.sample(da, shape_a))
            case.tensor("b", db, shape_b, parity.numeric_sample(db, shape_b, 1))
            case.tensor("out", dout, [0], [])
            case.call("r", op + ".out", "a", "b", "out")
    for dtype in REDUCED:
        shape = [2, 3]
        for op in parity.UNARY + ["sin"]:
            for variant in ("", "_") if op != "sin" else ("",):
                case = family.case(f"promotion/{op}{variant}/{dtype}")
                case.tensor("a", dtype, shape, parity.sample(dtype, shape))
                case.call("r", op + variant, "a")
        case = family.case(f"promotion/sum/{dtype}")
        case.tensor("a", dtype, shape, parity.sample(dtype, shape))
        case.call("r", "sum", "a")
        for dims, keepdim in (([0], False), ([-1], True)):
            case = family.case(f"promotion/sum.dim_IntList/{dtype}/{parity.sizes_text(dims)}/{keepdim}")
            case.tensor("a", dtype, shape, parity.sample(dtype, shape))
            case.call("r", "sum.dim_IntList", "a", dims, keepdim)
        case = family.case(f"promotion/threshold_backward/{dtype}")
        case.tensor("g", dtype, shape, parity.sample(dtype, shape))
        case.tensor("a", dtype, shape, parity.sample(dtype, shape, 1))
        case.call("r", "threshold_backward", "g", "a")
    for da, db in pairs:
        case = family.case(f"promotion/matmul/{da}-{db}")
        case.tensor("a", da, [2, 3], parity.sample(da, [2, 3]))
        case.tensor("b", db, [3, 2], parity.sample(db, [3, 2], 2))
        case.call("r", "matmul", "a", "b")


def conversion(family):
    for source, target in itertools.product(["Float", "Double"], REDUCED):
        case = family.case(f"conversion/{source}->{target}")
        case.tensor("a", source, [len(ROUNDING)], ROUNDING)
        case.call("r", "_to_copy", "a", target)
        case.call("back", "_to_copy", "r", "Float")
    for target in REDUCED:
        for value in [1.1, 65504.0, 65520.0, 1e6, 1e39, -parity.math.inf, parity.math.nan]:
            case = family.case(f"conversion/full/{target}/{parity.number(value)}")
            case.call("r", "full", [2], value, target)
            case = family.case(f"conversion/fill_/{target}/{parity.number(value)}")
            case.tensor("a", target, [2], [0.0, 0.0])
            case.call("r", "fill_", "a", value)
        for source in ["Bool", "Long", "Float", "Double", "Half", "BFloat16"]:
            case = family.case(f"conversion/copy_/{source}->{target}")
            case.tensor("a", target, [4], [0.0] * 4)
            case.tensor("b", source, [4], parity.sample(source, [4]))
            case.call("r", "copy_", "a", "b")
        for op, args in (("zeros", ([2], target)), ("ones", ([2], target)), ("arange", (0, 3, 0.5, target))):
            case = family.case(f"conversion/{op}/{target}")
            case.call("r", op, *args)


def values(family):
    specials = [0.0, -0.0, 1.0, -1.0, 2.5, -3.75, 0.1, 300.0, parity.math.inf, -parity.math.inf, parity.math.nan]
    for dtype in REDUCED:
        for op in parity.BINARY:
            for x in specials:
                case = family.case(f"values/{op}/{dtype}/{parity.number(x)}")
                case.tensor("a", dtype, [len(specials)], [x] * len(specials))
                case.tensor("b", dtype, [len(specials)], specials)
                case.call("r", op, "a", "b")
        for op in parity.UNARY + ["sin", "sum"]:
            case = family.case(f"values/{op}/{dtype}")
            case.tensor("a", dtype, [len(specials)], specials)
            case.call("r", op, "a")
        # A sum long enough that float16 accumulation would lose it: 2048 + 1 + 1 ...
        case = family.case(f"values/sum/{dtype}/long")
        case.tensor("a", dtype, [257], [2048.0] + [1.0] * 256)
        case.call("r", "sum", "a")
        case = family.case(f"values/matmul/{dtype}")
        case.tensor("a", dtype, [3, 4], [0.1 * (i + 1) for i in range(12)])
        case.tensor("b", dtype, [4, 2], [1.0 / (i + 1) for i in range(8)])
        case.call("r", "matmul", "a", "b")


def build(family):
    promotion(family)
    conversion(family)
    values(family)


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    if not parity.torch.__version__.startswith("1.13"):
        sys.exit(f"expected torch 1.13, found {parity.torch.__version__} (run with /usr/bin/python3)")
    report = os.fdopen(os.dup(2), "w")
    os.dup2(os.open(os.devnull, os.O_WRONLY), 2)
    family = parity.Family("reduced_precision", "float16 and bfloat16: promotion, conversion (rounding), values")
    build(family)
    text = family.text().replace("maint/reference/gen_parity_data.py", "maint/reference/gen_reduced_precision_data.py")
    with open(os.path.join(argv[1], "reduced_precision.txt"), "w", encoding="utf-8") as handle:
        handle.write(text)
    print(f"reduced_precision: {len(family.cases)} cases", file=report)


if __name__ == "__main__":
    main(sys.argv)
