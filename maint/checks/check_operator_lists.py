#!/usr/bin/env python3
"""Every list of chapter 06's operators follows ops.yaml.

    check_operator_lists.py          check every list, naming what to add where
    check_operator_lists.py --print  print each list's operators as this check reads them

`chapters/06_backends/ops.yaml` is the one list of the chapter's operators
(maint/README.md, "Adding an operator"). Other files keep tables of their
own, as PyTorch's do (autocast's policies, functorch's batching rules, the
no-CUDA build's kernels), or choose what to draw (the parity data, the
random programs). This check reads each of them and fails when an operator
of ops.yaml is missing from one, saying what to add in which file, unless
the operator is left out by a rule said below or listed in LEFT_OUT with
its reason. A listed operator that the table now has fails too, so that the
reasons cannot go stale.

The tables and what each must hold:
- autocast data (tests/data/pytorch-1.13-autocast.txt, written by
  maint/reference/gen_autocast_data.py from ops.yaml): a `kernel` line for
  every overload, or the data is older than ops.yaml;
- parity (tests/data/parity/*.txt from maint/reference/gen_parity_data.py,
  and tests/parity/parity_ops.h, which runs each name): every overload is
  called by some case, by the data's name (the overload name of an out=
  variant, `add.out`; the function's name for a default or `.Tensor`
  overload, `add`, `add_`); a name a case calls that parity_ops.h lacks
  fails the parity test itself;
- vmap (src/functorch/batching_rules.cpp): every functional overload has a
  rule; out= and in-place overloads and factories go through the fallbacks
  by rule, as most of 1.13's do;
- CPU capabilities (tests/cpu_capability/capability_parity_test.cpp): every
  DispatchStub of include/mini/native/cpu/elementwise_stubs.h is checked on
  every capability;
- no CUDA (src/native/no_cuda/built_without_cuda.cpp, which a build without
  nvcc links instead of src/native/cuda/): every function
  include/mini/native/cuda/cuda_kernels.h declares and every plain kernel
  ops.yaml gives the CUDA key alone is defined there (one that several keys
  share, `CPU, CUDA: rsubKernel`, is plain C++ compiled in every build), so that the build without nvcc links.
  A build with nvcc never links that file, so without this check a missing
  refusal shows only on a machine without CUDA;
- random programs (tests/data/random_programs.txt from
  maint/reference/gen_random_programs.py): every functional and in-place
  overload is drawn; out= overloads (the parity's `out` family) and
  factories (the programs make their leaves with `tensor`) by rule not;
- Python programs (python/tests/data/pytorch-1.13-python-programs.json from
  maint/reference/gen_python_programs.py): every operator is called by
  name in some program (`torch.exp(`, `.exp_(`, `torch.ops.aten.exp`).
"""
import argparse
import glob
import json
import os
import re
import sys

import yaml

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402

CHAPTER = os.path.join(course.ROOT, "chapters", "06_backends")

# Operators a table leaves out on purpose, by table, each with its reason.
LEFT_OUT = {
    "parity": {
        "eye": "exercise 06.1's operator: its tests (tests/exercises/eye_backend_select_test.cpp) compare it "
               "with torch.eye, and in a learner build its stub has no kernel for a parity case to call",
    },
    "vmap": {
        "lerp.Tensor": "exercise 06.5's operator; the per-sample fallback runs it (1.13 has a rule)",
        "_to_copy": "the per-sample fallback runs it (1.13 has a rule, in BatchRulesUnaryOps.cpp)",
        "clone": "the per-sample fallback runs it (1.13 has a rule, in BatchRulesUnaryOps.cpp)",
        "rsub.Tensor": "the per-sample fallback runs it (1.13 has a rule, in BatchRulesBinaryOps.cpp)",
        "rsub.Scalar": "the per-sample fallback runs it (1.13 has a rule, in BatchRulesBinaryOps.cpp)",
        "t": "exercise 06.9 writes its rule (exercises/t_batch_rule.cpp), registered there",
        "_log_softmax_backward_data": "the per-sample fallback runs it (1.13 has a rule, "
                                      "_log_softmax_backward_batch_rule in BatchRulesReduceOps.cpp)",
    },
    "capability": {
        stub: "a bool result from the plain strided loop (cpuElementwiseLoop): no vector path, so every "
              "capability compiles the same loop"
        for stub in ("eq_stub", "ne_stub", "lt_stub", "le_stub", "gt_stub", "ge_stub")
    },
    "python": {
        "threshold_backward": "relu's backward: the programs reach it through backward() of relu",
        "_to_copy": "reached through .to(), .float(), .double() and .long(), as in 1.13",
        "sigmoid_backward": "sigmoid's backward: the programs reach it through backward() of sigmoid; torch 1.13 "
                            "has no torch.sigmoid_backward to call",
        "slice": "reached through indexing, a[1:] (Tensor.__getitem__), as a PyTorch user calls it; torch 1.13 "
                 "has neither torch.slice nor Tensor.slice to call",
        "_log_softmax": "reached through torch.log_softmax and Tensor.log_softmax, 1.13's CompositeImplicitAutograd "
                        "log_softmax.int (mini_torch/_composite.py), as a PyTorch user calls it",
        "_log_softmax_backward_data": "log_softmax's backward: the programs reach it through backward() of "
                                      "torch.log_softmax",
    },
    "random": {
        "atan2": "drawn in the Python programs (gen_python_programs.py); the C++ draws keep to the operators "
                 "part 4's sentences count",
        "atan2_": "as atan2",
        "cos": "sin stands for the unary float operators without a CUDA kernel",
        "lerp": "exercise 06.5's operator: a learner build's stub would fail every program that draws it",
        "lerp_": "as lerp",
        "threshold_backward": "relu's backward: the programs reach it through backward, not by a call",
        "_log_softmax_backward_data": "_log_softmax's backward: the programs reach it through backward, not by a "
                                      "call",
        "eye": "exercise 06.1's operator (as for parity)",
    },
}


def entries():
    """ops.yaml's entries: (full name, entry), in the file's order."""
    with open(os.path.join(CHAPTER, "ops.yaml"), encoding="utf-8") as handle:
        found = yaml.safe_load(handle)
    return [(entry["func"].split("(", 1)[0], entry) for entry in found]


def arguments(entry):
    return entry["func"].split("(", 1)[1].rsplit(") ->", 1)[0]


def is_out(name, entry):
    """An out= overload, as 1.13's is_out_fn: a written tensor among the
    keyword-only arguments, whatever its name (sigmoid_backward.grad_input's
    is grad_input)."""
    keyword_only = arguments(entry).partition("*")[2]
    return "Tensor(a!)" in keyword_only or name.endswith(("out", "_out"))


def is_inplace(name):
    return name.split(".")[0].endswith("_")


def is_factory(entry):
    return "Tensor" not in arguments(entry)


def data_name(name):
    """The name the parity data and the random programs call an overload by."""
    base, _, overload = name.partition(".")
    return base if overload in ("", "Tensor") else name


def read(*parts):
    with open(os.path.join(CHAPTER, *parts), encoding="utf-8") as handle:
        return handle.read()


def called_names(paths):
    names = set()
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("call "):
                    names.add(line.split()[2])
    return names


def strings_in_block(text, start, end):
    block = text[text.index(start):text.index(end, text.index(start))]
    return set(re.findall(r'"([A-Za-z0-9_.]+)"', block))


# What each table holds, read once for its check and for stale_reasons.
def parity_called():
    return called_names(glob.glob(os.path.join(CHAPTER, "tests", "data", "parity", "*.txt")))


def random_drawn():
    return called_names([os.path.join(CHAPTER, "tests", "data", "random_programs.txt")])


def batching_ruled():
    return strings_in_block(read("src", "functorch", "batching_rules.cpp"), "MINI_LIBRARY_IMPL(aten, Batched", "\n}")


def capability_test():
    return read("tests", "cpu_capability", "capability_parity_test.cpp")


def autocast_problems(ops):
    data = read("tests", "data", "pytorch-1.13-autocast.txt")
    recorded = set(re.findall(r"^kernel aten::(\S+) ", data, re.M))
    return [f"{name}: no `kernel aten::{name}` line in tests/data/pytorch-1.13-autocast.txt: run "
            "/usr/bin/python3 maint/reference/gen_autocast_data.py "
            "chapters/06_backends/tests/data/pytorch-1.13-autocast.txt (it reads ops.yaml)"
            for name, _ in ops if name not in recorded]


def parity_problems(ops):
    problems = []
    called = parity_called()
    for name, _ in ops:
        wanted = data_name(name)
        if wanted in LEFT_OUT["parity"]:
            continue
        if wanted not in called:
            problems.append(f"{name}: no parity case calls `{wanted}`: add it to OPS and to the families that fit "
                            "in maint/reference/gen_parity_data.py, then regenerate the data (and run it in "
                            "chapters/06_backends/tests/parity/parity_ops.h, whose test fails on a name it lacks)")
    return problems


def vmap_problems(ops):
    ruled = batching_ruled()
    problems = []
    for name, entry in ops:
        if is_out(name, entry) or is_inplace(name) or is_factory(entry) or name in LEFT_OUT["vmap"]:
            continue
        short = name.removesuffix(".default")
        if short not in ruled and short.split(".")[0] not in ruled:
            problems.append(f"{name}: no batching rule in chapters/06_backends/src/functorch/batching_rules.cpp: "
                            "register one (m.impl) or say why not in LEFT_OUT['vmap'] of this check")
    return problems


def capability_problems():
    stubs = read("include", "mini", "native", "cpu", "elementwise_stubs.h")
    declared = re.findall(r"extern DispatchStub<[^>]+> (\w+);", stubs)
    test = capability_test()
    return [f"{stub}: not in tests/cpu_capability/capability_parity_test.cpp: add it to unaryCases() or "
            "binaryCases() with the dtypes its loop takes"
            for stub in declared if stub not in LEFT_OUT["capability"] and not re.search(rf"\b{stub}\b", test)]


def cuda_problems(ops):
    header = read("include", "mini", "native", "cuda", "cuda_kernels.h")
    declared = re.findall(r"^(?:[\w:<>]+&? )+?(\w+)\([^;]*\);", header, re.M)
    plain = [kernel.strip() for name, entry in ops if not entry.get("structured")
             for keys, kernel in (entry.get("dispatch") or {}).items() if keys.strip() == "CUDA"]
    stubs = read("src", "native", "no_cuda", "built_without_cuda.cpp")
    defined = set(re.findall(r"^[\w:<>&*, ]+? (\w+)\([^;{]*\)\s*\{", stubs, re.M))
    problems = []
    for function in dict.fromkeys(declared + plain):
        if function not in defined:
            problems.append(f"{function}: a CUDA kernel with no refusal in "
                            "chapters/06_backends/src/native/no_cuda/built_without_cuda.cpp: a build without nvcc "
                            f"would not link; add e.g. `... {function}(...) {{ refuse(\"<op>\"); }}` there")
    return problems


def random_problems(ops):
    drawn = random_drawn()
    problems = []
    for name, entry in ops:
        if is_out(name, entry) or is_factory(entry):
            continue
        wanted = data_name(name)
        if wanted not in drawn and wanted not in LEFT_OUT["random"]:
            problems.append(f"{name}: no random program draws `{wanted}`: add it to step() in "
                            "maint/reference/gen_random_programs.py and regenerate, or say why not in "
                            "LEFT_OUT['random'] of this check")
    return problems


def python_called():
    """The operator names the recorded Python programs call."""
    path = os.path.join(CHAPTER, "python", "tests", "data", "pytorch-1.13-python-programs.json")
    with open(path, encoding="utf-8") as handle:
        programs = json.load(handle)["programs"]
    return set(re.findall(r"(?:torch\.|\.|torch\.ops\.aten\.)(\w+)\(?", "\n".join(p["source"] for p in programs)))


def python_problems(ops):
    called = python_called()
    problems = []
    for name in dict.fromkeys(name.split(".")[0] for name, _ in ops):
        if name not in called and name not in LEFT_OUT["python"]:
            problems.append(f"{name}: no Python program calls it: add it to the draws of its kind in "
                            "maint/reference/gen_python_programs.py and re-record (--record), or say why not in "
                            "LEFT_OUT['python'] of this check")
    return problems


def stale_reasons(ops):
    """A LEFT_OUT entry the table now has, or that names no operator."""
    names = {name for name, _ in ops} | {data_name(name) for name, _ in ops}
    test = capability_test()
    problems = []
    for table, has in (("parity", parity_called()), ("random", random_drawn()), ("vmap", batching_ruled()),
                       ("python", python_called())):
        for name in LEFT_OUT[table]:
            if name not in names:
                problems.append(f"LEFT_OUT['{table}'] names {name}, which ops.yaml does not have: remove it")
            elif name in has:
                problems.append(f"LEFT_OUT['{table}'] says {name} is left out, but it is there now: remove it")
    for stub in LEFT_OUT["capability"]:
        if re.search(rf"\b{stub}\b", test):
            problems.append(f"LEFT_OUT['capability'] says {stub} is left out, but the test has it now: remove it")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--print", action="store_true", help="print the operators each list holds")
    args = parser.parse_args()
    ops = entries()
    if args.print:
        print("ops.yaml:", " ".join(name for name, _ in ops))
        print("parity data names:", " ".join(sorted({data_name(name) for name, _ in ops})))
        return 0
    problems = (autocast_problems(ops) + parity_problems(ops) + vmap_problems(ops) + capability_problems()
                + cuda_problems(ops) + random_problems(ops) + python_problems(ops) + stale_reasons(ops))
    for problem in problems:
        print(f"check_operator_lists: {problem}")
    if problems:
        print(f"check_operator_lists: {len(problems)} problem(s); the recipe is maint/README.md, "
              "'Adding an operator'")
        return 1
    print(f"check_operator_lists: every list follows ops.yaml's {len(ops)} overloads")
    return 0


if __name__ == "__main__":
    sys.exit(main())
