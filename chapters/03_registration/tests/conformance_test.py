#!/usr/bin/env python3
"""Conformance: mini-dispatch-table against libtorch 1.13 (or a 2.x), case by case.

    conformance_test.py TOOL TABLES [OPTION ...]

TABLES is tests/data/pytorch-1.13-tables.txt (its format: tests/data/README.md),
or a 2.x's tables with OPTIONs `--pytorch 2.x`, which go before every case's
arguments.
For each case the tool runs with the case's arguments; a table must match the
recorded one line for line (empty lines at the start and end of the tool's
output aside), and a refused set must exit with status 2 and one line on
stderr. Every mismatch prints the case and a unified diff; the last line
counts what matched.
"""
import difflib
import subprocess
import sys


def read_cases(path):
    """[(arguments, expected lines)] in file order."""
    cases = []
    with open(path, encoding="utf-8") as data:
        lines = data.read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.startswith("case:"):
            continue
        arguments = line[len("case:"):].split()
        expected = []
        while index < len(lines) and lines[index] != "":
            expected.append(lines[index])
            index += 1
        cases.append((arguments, expected))
    return cases


def strip_empty_ends(lines):
    while lines and lines[0] == "":
        lines = lines[1:]
    while lines and lines[-1] == "":
        lines = lines[:-1]
    return lines


def check_case(tool, arguments, expected, options=()):
    """None if the tool agrees with libtorch, else a report."""
    result = subprocess.run([tool, *options, *arguments], capture_output=True, text=True)
    shown = "case: " + " ".join(arguments)
    if len(expected) == 1 and expected[0].startswith("error: "):
        stderr = result.stderr.strip().splitlines()
        if result.returncode != 2 or len(stderr) != 1 or result.stdout:
            return (f"{shown}\n  expected exit status 2 and one line on stderr ({expected[0]})\n"
                    f"  got status {result.returncode}, stdout {result.stdout!r}, stderr {result.stderr!r}")
        if stderr[0] != expected[0]:
            return f"{shown}\n  expected stderr: {expected[0]}\n  got:             {stderr[0]}"
        return None
    actual = strip_empty_ends(result.stdout.split("\n"))
    if result.returncode != 0 or actual != expected:
        diff = difflib.unified_diff(expected, actual, "libtorch", "mini-dispatch-table", lineterm="")
        return f"{shown}\n  exit status {result.returncode}, stderr {result.stderr!r}\n" + "\n".join(
            "  " + line for line in diff)
    return None


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        return 2
    tool, tables, options = sys.argv[1], sys.argv[2], sys.argv[3:]
    cases = read_cases(tables)
    kinds = {"table": [0, 0], "refused": [0, 0], "registrations": [0, 0]}
    for arguments, expected in cases:
        if expected and expected[0].startswith("error: "):
            kind = "refused"
        elif arguments[:1] == ["--registrations"]:
            kind = "registrations"
        else:
            kind = "table"
        report = check_case(tool, arguments, expected, options)
        kinds[kind][1] += 1
        if report is None:
            kinds[kind][0] += 1
        else:
            print(report + "\n")
    failed = sum(total - ok for ok, total in kinds.values())
    print(", ".join(f"{kind}: {ok}/{total} match" for kind, (ok, total) in kinds.items()) +
          f" ({len(cases)} cases, {failed} mismatches)")
    if len(cases) == 0:
        print("no cases found: is the data file right?")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
