#!/usr/bin/env python3
"""Asks PyTorch 1.13 for every case of exercise 03.1's tests.

    /usr/bin/python3 maint/reference/check_default_value_cases.py

Each case in chapters/03_registration/tests/exercises/default_value_test.cpp
is `{"argument", "value"}`, or `{"argument", nullptr}` where PyTorch refuses
the default. repr(torch._C.parse_schema(f"f({argument}) -> ()")
.arguments[0].default_value) must be `value`, and parse_schema must raise for
the refused ones. Run by hand after changing the cases (the tests themselves
never need torch).
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
TESTS = os.path.join(ROOT, "chapters", "03_registration", "tests", "exercises", "default_value_test.cpp")
STRING = r'"((?:[^"\\]|\\.)*)"'
CASE = re.compile(r'\{' + STRING + r',\s*(?:' + STRING + r'|(nullptr))\}')


def unescape(text):
    return re.sub(r"\\(.)", r"\1", text)


def torch_value(argument):
    """repr of the default, or None where torch refuses the schema."""
    try:
        return repr(torch._C.parse_schema(f"f({argument}) -> ()").arguments[0].default_value)
    except RuntimeError:
        return None


def disagreement(case):
    argument, value, refused = case
    expected = None if refused else unescape(value)
    actual = torch_value(unescape(argument))
    if actual != expected:
        return f"{unescape(argument)!r}: the test says {expected!r}, torch {torch.__version__} says {actual!r}"
    return None


def main():
    return check_against_torch(cases_in(TESTS, CASE), disagreement)


if __name__ == "__main__":
    sys.exit(main())
