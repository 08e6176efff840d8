#!/usr/bin/env python3
"""Checks that a course program answers a bad command line the way every
course program does.

    check_bad_arguments.py PROGRAM [--refuses 'ARGS' 'STDERR START'] ...

- `PROGRAM --bogus` exits 2, prints nothing on stdout and exactly one line on
  stderr: `NAME: unknown argument '--bogus' (usage: NAME ...)`, NAME being the
  program's file name;
- `PROGRAM --help` exits 0, prints its usage (`usage: NAME ...`) on stdout
  and nothing on stderr;
- each `--refuses ARGS START` runs PROGRAM with ARGS (split on spaces) and
  expects exit 2, nothing on stdout, and one stderr line starting with START
  (the tool's malformed registrations, for example).

A program that ignored a typo would run as if nothing were wrong; one that
printed a page of help on stderr would bury the one line that matters.
"""
import argparse
import os
import re
import subprocess
import sys


def run(program, arguments):
    return subprocess.run([program, *arguments], capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, MINI_DISPATCH_TRACE="0"))


def refusal_problems(result, pattern):
    """What is wrong with `result` as a refusal whose stderr matches `pattern`."""
    problems = []
    lines = result.stderr.splitlines()
    if result.returncode != 2:
        problems.append(f"exit status {result.returncode}, expected 2")
    if result.stdout:
        problems.append(f"stdout should be empty, got {result.stdout[:200]!r}")
    if len(lines) != 1:
        problems.append(f"expected exactly one line on stderr, got {len(lines)}: {result.stderr[:400]!r}")
    elif not re.match(pattern, lines[0]):
        problems.append(f"stderr line {lines[0]!r} does not match {pattern!r}")
    return problems


def help_problems(result, name):
    problems = []
    if result.returncode != 0:
        problems.append(f"--help: exit status {result.returncode}, expected 0")
    if not result.stdout.startswith(f"usage: {name}"):
        problems.append(f"--help: stdout should start with 'usage: {name}', got {result.stdout[:200]!r}")
    if result.stderr:
        problems.append(f"--help: stderr should be empty, got {result.stderr[:200]!r}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("program")
    parser.add_argument("--refuses", nargs=2, action="append", default=[], metavar=("ARGS", "START"))
    options = parser.parse_args()
    name = os.path.basename(options.program)

    unknown = re.escape(f"{name}: unknown argument '--bogus' (usage: {name}") + r".*\)$"
    problems = [f"--bogus: {p}" for p in refusal_problems(run(options.program, ["--bogus"]), unknown)]
    problems += help_problems(run(options.program, ["--help"]), name)
    for arguments, start in options.refuses:
        result = run(options.program, arguments.split())
        problems += [f"{arguments}: {p}" for p in refusal_problems(result, re.escape(start))]

    for problem in problems:
        print(f"{name} {problem}")
    print(f"{name}: {2 + len(options.refuses)} command lines checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
