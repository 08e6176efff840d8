#!/usr/bin/env python3
"""Asks PyTorch 1.13 for the verdict of every case of exercise 03.4's tests.

    /usr/bin/python3 maint/reference/check_backward_compatible_cases.py

Each case in chapters/03_registration/tests/exercises/backward_compatible_test.cpp
is `{"updated", "old", reason}` with reason nullptr where the new schema is
compatible. torch._C.parse_schema(updated).is_backward_compatible_with(
parse_schema(old)) must be True exactly for those. Run by hand after changing
the cases (the tests themselves never need torch).
"""
import os
import re
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402

from torch_cases import cases_in, check_against_torch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTS = os.path.join(ROOT, "chapters", "03_registration", "tests", "exercises", "backward_compatible_test.cpp")
CASE = re.compile(r'\{\s*"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)",\s*(nullptr|")', re.S)


def disagreement(case):
    updated, old, reason = case
    compatible = torch._C.parse_schema(updated).is_backward_compatible_with(torch._C.parse_schema(old))
    if compatible != (reason == "nullptr"):
        return f"{updated!r} against {old!r}: torch says compatible={compatible}, the test says the opposite"
    return None


def main():
    return check_against_torch(cases_in(TESTS, CASE), disagreement)


if __name__ == "__main__":
    sys.exit(main())
