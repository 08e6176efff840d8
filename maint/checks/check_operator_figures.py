#!/usr/bin/env python3
"""The counts and lists of operators chapter 06's lessons state are the data's.

    check_operator_figures.py          check every figure, naming the sentence to change
    check_operator_figures.py --print  print each figure as the data gives it

A sentence that counts parity cases or lists the operators without a
formula is true on the day it is written and silently false when an
operator joins (sigmoid_backward joined without a formula and "except four
that 1.13 differentiates" stayed). Each figure here is computed from the
data the tests read and compared with the sentence that states it:

- the front page's parity families, each family's case count and the
  total (tests/data/parity/*.txt; the total leaves out exercise 06.5's
  lerp.txt, which part 3 counts);
- part 3's count of lerp's cases;
- part 4's list of operators 1.13 differentiates that have no entry in
  derivatives.yaml: every ops.yaml overload with a Tensor argument that is
  not an out= overload, not an in-place variant of an operator with an
  entry, not differentiated by hand (MANUAL) and has no entry;
- part 6's operators "1.13 has and this chapter does not yet" (exercise
  06.8's): none of them is in ops.yaml;
- part 6's table of autocast policies: every overload of ops.yaml is in a
  row with the policies src/autocast/autocast_policy.cpp gives it on each
  device, by its full name or its function's name, or (when it falls
  through on both) by the rows for every out= and in-place variant and for
  the factories.
"""
import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from checks.check_operator_lists import CHAPTER, arguments, entries, is_out  # noqa: E402

# The front page's words before each family's count, and the family's file.
FAMILIES = [
    ("type promotion for every dtype pair, 0-dim and n-dim", "promotion"),
    ("broadcasting with size-0 and size-1 dimensions", "broadcasting"),
    ("values with NaN, ±inf, -0, division by zero and strided operands", "values"),
    ("the gradients of every operator and variant", "gradients"),
    ("version counters after in-place and out= calls", "versions"),
    ("backward misuse", "misuse"),
    ("out= rules", "out"),
    ("factories and views", "factories_views"),
    ("error texts", "errors"),
    ("`add`, `sub` and `rsub` with `alpha`", "alpha"),
    ("into a bool result, with numbers, NaN, out= of every dtype and broadcasting", "comparison"),
    ("float16 and bfloat16, promotion, rounding and values", "reduced_precision"),
    ("ties, out= and a gradient", "classifier"),
]
# Operators whose Autograd kernel is written by hand, as in 1.13's VariableTypeManual.cpp.
MANUAL = {"copy_": os.path.join("src", "autograd", "variable_type_manual.cpp")}
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]


def page(name):
    with open(os.path.join(CHAPTER, name), encoding="utf-8") as handle:
        return re.sub(r"\s+", " ", handle.read())


def case_counts():
    counts = {}
    for path in glob.glob(os.path.join(CHAPTER, "tests", "data", "parity", "*.txt")):
        with open(path, encoding="utf-8") as handle:
            counts[os.path.basename(path)[:-4]] = sum(line.startswith("case ") for line in handle)
    return counts


def without_formula():
    """Overloads autograd would differentiate in 1.13 that derivatives.yaml leaves to the fallback."""
    with open(os.path.join(CHAPTER, "derivatives.yaml"), encoding="utf-8") as handle:
        named = set(re.findall(r"^- name: ([A-Za-z0-9_.]+)\(", handle.read(), re.M))
    missing = []
    for name, entry in entries():
        base, _, overload = name.partition(".")
        functional = base[:-1] + (f".{overload}" if overload else "") if base.endswith("_") else None
        if (is_out(name, entry) or "Tensor" not in arguments(entry) or name in named or functional in named
                or name in MANUAL):
            continue
        missing.append(base)
    return missing


def english_list(names):
    quoted = [f"`{name}`" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " and " + quoted[-1]


def autocast_table_problems():
    """Part 6's table against the policy table the code registers."""
    with open(os.path.join(CHAPTER, "src", "autocast", "autocast_policy.cpp"), encoding="utf-8") as handle:
        code = handle.read()
    names = dict(re.findall(r"constexpr CastPolicy (k\w+) = CastPolicy::(\w+);", code))
    policy = {op: (names[cpu], names[cuda])
              for op, cpu, cuda in re.findall(r'AutocastPolicy\{"aten::([^"]+)", (k\w+), (k\w+)\}', code)}
    rows = []
    with open(os.path.join(CHAPTER, "part6_autocast.md"), encoding="utf-8") as handle:
        for line in handle:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) == 3 and cells[1] in {*names.values(), "fallthrough"}:
                rows.append((set(re.findall(r"`([\w.]+)`", cells[0])), cells[0], (cells[1], cells[2])))
    found = []
    for name, entry in entries():
        wanted = policy.get(name)
        if wanted is None:
            continue  # the C++ test holds the table to ops.yaml
        base = name.split(".")[0]
        variant = is_out(name, entry) or base.endswith("_")
        # `exp` names the functional overload; its out= and in-place ones go by the variants' row.
        listed = [given for ops, _, given in rows if name in ops or (base in ops and not variant)]
        if listed:
            if wanted not in listed:
                found.append(f"part6_autocast.md: the autocast table gives {name} {listed[0]}; "
                             f"src/autocast/autocast_policy.cpp gives {wanted}")
            continue
        through = wanted == ("fallthrough", "fallthrough")
        covered = any((variant and "every out= and in-place variant" in text)
                      or ("Tensor" not in arguments(entry) and "the factories" in text)
                      for _, text, given in rows if given == ("fallthrough", "fallthrough"))
        if not (through and covered):
            found.append(f"part6_autocast.md: the autocast table does not name {name} "
                         f"({wanted[0]} on CPU, {wanted[1]} on CUDA): add it to the row of its policies")
    return found


def problems():
    found = []
    counts = case_counts()
    front = page("README.md")
    for words, family in FAMILIES:
        match = re.search(re.escape(words) + r" \(([\d,]*\d)", front)
        if not match:
            found.append(f"README.md: no family sentence \"{words} (N)\" for tests/data/parity/{family}.txt")
        elif int(match.group(1).replace(",", "")) != counts[family]:
            found.append(f"README.md: says {match.group(1)} cases for {family}; the data has {counts[family]:,}")
    total = sum(count for family, count in counts.items() if family != "lerp")
    match = re.search(r"\): ([\d,]+) cases, about a second", front)
    if not match or int(match.group(1).replace(",", "")) != total:
        found.append(f"README.md: the parity total should read \"{total:,} cases\" "
                     f"(found {match.group(1) if match else 'none'})")
    unlisted = set(counts) - {family for _, family in FAMILIES} - {"lerp"}
    for family in sorted(unlisted):
        found.append(f"README.md: tests/data/parity/{family}.txt is a family the front page does not name")
    match = re.search(r"run the ([\d,]+) cases of `tests/data/parity/lerp.txt`", page("part3_structured_kernels.md"))
    if not match or int(match.group(1).replace(",", "")) != counts["lerp"]:
        found.append(f"part3_structured_kernels.md: should say \"run the {counts['lerp']} cases of "
                     "`tests/data/parity/lerp.txt`\"")
    missing = without_formula()
    word = NUMBER_WORDS[len(missing)] if len(missing) < len(NUMBER_WORDS) else str(len(missing))
    match = re.search(r"except (\w+) that 1\.13 differentiates and this chapter leaves to the fallback: "
                      r"((?:`\w+`(?:, | and )?)+)", page("part4_code_generator.md"))
    if not match or match.group(1) != word or sorted(re.findall(r"`(\w+)`", match.group(2))) != sorted(missing):
        found.append(f"part4_code_generator.md: the operators without an entry in derivatives.yaml are now "
                     f"{', '.join(missing)}; the sentence should read \"...except {word} that 1.13 differentiates "
                     f"and this chapter leaves to the fallback: {english_list(missing)}\"")
    for name, path in MANUAL.items():
        with open(os.path.join(CHAPTER, path), encoding="utf-8") as handle:
            text = handle.read()
        if f'"{name}"' not in text and f"{name}(" not in text:
            found.append(f"MANUAL says {name}'s Autograd kernel is in {path}, which does not name it")
    match = re.search(r"For (\w+) operators 1\.13 has and this chapter does not yet \(([^)]*)\)",
                      page("part6_autocast.md"))
    have = {name.split(".")[0] for name, _ in entries()}
    if not match:
        found.append("part6_autocast.md: no sentence \"For N operators 1.13 has and this chapter does not yet (...)\"")
    else:
        for name in re.findall(r"`aten::(\w+)`", match.group(2)):
            if name in have:
                found.append(f"part6_autocast.md: says the chapter does not yet have {name}, which ops.yaml now "
                             "has: exercise 06.8 needs another operator in its place")
    return found + autocast_table_problems(), counts, missing


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--print", action="store_true", help="print each figure as the data gives it")
    args = parser.parse_args()
    found, counts, missing = problems()
    if args.print:
        for family, count in sorted(counts.items()):
            print(f"parity {family}: {count:,}")
        print("without a formula:", ", ".join(missing))
        return 0
    for problem in found:
        print(f"check_operator_figures: {problem}")
    if found:
        return 1
    print(f"check_operator_figures: {len(FAMILIES) + 4} figures agree with the data")
    return 0


if __name__ == "__main__":
    sys.exit(main())
