#!/usr/bin/env python3
"""Part 4's figures about the random programs are what the programs do.

    check_random_program_counts.py           check the sentence
    check_random_program_counts.py --print   print the three counts

Chapter 06's part 4 says how many of the drawn random programs
(chapters/06_backends/tests/data/random_programs.txt, written by
maint/reference/gen_random_programs.py) exercise three things its one-case
tests check one at a time. The figures are counted here, from the data, so
that they change when the draws do (adding rsub to the draws changed all
three, and the sentence kept the old ones until it was counted by hand):

- conversions: programs that convert a tensor that requires grad to Long
  (a `_to_copy ... Long` whose input requires grad at that point);
- overlaps: programs in which a write is refused because its output and an
  input share memory (torch's "refer to a single memory location");
- view writes: programs that write in place, successfully, into a view or
  into a tensor a view was taken of, and later run a backward that succeeds.

Only the drawn programs count (`random/<number>`); the one written by hand
(`random/stride_order`) is there for another reason. Fails, naming the
counts, when part 4's sentence does not carry them.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import course  # noqa: E402

DATA = os.path.join(course.ROOT, "chapters", "06_backends", "tests", "data", "random_programs.txt")
PAGE = os.path.join(course.ROOT, "chapters", "06_backends", "part4_code_generator.md")
INPLACE = {"add_", "sub_", "mul_", "div_", "neg_", "relu_", "exp_", "copy_", "fill_"}


def drawn_programs(path):
    """{name: [statement lines]} of the programs drawn from seeds."""
    programs, current = {}, None
    with open(path, encoding="utf-8") as handle:
        for line in handle.read().splitlines():
            if line.startswith("case "):
                name = line.split()[1]
                current = programs.setdefault(name, []) if re.fullmatch(r"random/\d+", name) else None
            elif current is not None and line and not line.startswith("#"):
                current.append(line)
    return programs


def counts(programs):
    conversions = overlaps = view_writes = 0
    for lines in programs.values():
        requires_grad, views, viewed = {}, set(), set()
        converted = overlapped = wrote_view = False
        backward_ok = False
        for line in lines:
            statement, _, outcome = line.partition(" => ")
            words = statement.split()
            if words[0] == "tensor":
                requires_grad[words[1]] = statement.endswith(" grad")
            elif words[0] == "requires_grad":
                requires_grad[words[1]] = outcome == "true"
            elif words[0] == "call":
                out, op, args = words[1], words[2], words[3:]
                ok = not outcome.startswith("error")
                if op == "_to_copy" and args[1] == "Long" and requires_grad.get(args[0]):
                    converted = True
                if "refer to a single memory location" in outcome:
                    overlapped = True
                if op in ("t", "view") and ok:
                    views.add(out)
                    viewed.add(args[0])
                if op in INPLACE and ok and (args[0] in views or args[0] in viewed):
                    wrote_view = True
            elif words[0] == "backward" and outcome == "ok":
                backward_ok = True
        conversions += converted
        overlaps += overlapped
        view_writes += wrote_view and backward_ok
    return len(programs), conversions, overlaps, view_writes


def main():
    if sys.argv[1:] not in ([], ["--print"]):
        print(__doc__)
        return 2
    total, conversions, overlaps, view_writes = counts(drawn_programs(DATA))
    if sys.argv[1:] == ["--print"]:
        print(f"{total} drawn programs: {conversions} conversions, {overlaps} overlaps, {view_writes} view writes")
        return 0
    with open(PAGE, encoding="utf-8") as handle:
        text = " ".join(handle.read().split())
    expected = (f"{conversions} of the {total:,} drawn convert a tensor that requires grad to `Long`, "
                f"{overlaps} write into memory their input overlaps, and {view_writes} write in place")
    if expected not in text:
        print(f"{os.path.relpath(PAGE, course.ROOT)}: the sentence on the random programs should read "
              f"\"{expected} ...\" (counted from {os.path.relpath(DATA, course.ROOT)})")
        return 1
    print(f"random programs: {total} drawn, {conversions} conversions, {overlaps} overlaps, "
          f"{view_writes} view writes, as part 4 says")
    return 0


if __name__ == "__main__":
    if sys.argv[1:2] in (["-h"], ["--help"]):
        print(__doc__)
        sys.exit(0)
    sys.exit(main())
