#!/usr/bin/env python3
"""Asks PyTorch 1.13 for every case of exercise 03.2's non-functional tests.

    /usr/bin/python3 maint/reference/check_nonfunctional_cases.py

Each case in chapters/03_registration/tests/exercises/explain_slot_test.cpp
is `{"KEY KEY ...", "SLOT", "KERNEL", "RULE"}`: an operator with a kernel
fn_KEY on each key, and what torch._C._dispatch_dump_table says fills SLOT:
`fn_KERNEL [RULE]`, or `... [RULE]` from a kernel that is not one of the
operator's (KERNEL "-"), or no line at all (RULE "missing"). Run by hand
after changing the cases (the tests themselves never need torch).
"""
import os
import re
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
import torch._C as C  # noqa: E402

from torch_cases import cases_in, check_against_torch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TESTS = os.path.join(ROOT, "chapters", "03_registration", "tests", "exercises", "explain_slot_test.cpp")
STRING = r'"([^"]*)"\s*'
CASE = re.compile(r'\{' + r',\s*'.join([STRING] * 4) + r'\}')


def torch_fill(number, registered, slot):
    """(kernel, rule) of `slot` in torch's table for kernels on `registered`."""
    namespace = f"nonfunctional{number}"
    library = C._dispatch_library("FRAGMENT", namespace, "")
    library.def_("f(Tensor x) -> Tensor")
    for key in registered:
        library.impl_t_t("f", dispatch=key, debug="fn_" + key)
    for line in C._dispatch_dump_table(f"{namespace}::f").splitlines():
        key, _, rest = line.partition(": ")
        if key == slot:
            rule = rest[rest.rindex("[") + 1:-1]
            return (rest[3:rest.index(" ")] if rest.startswith("fn_") else "-"), rule
    return "-", "missing"


def main():
    # A literal split over lines is joined first.
    cases = cases_in(TESTS, CASE, lambda text: re.sub(r'"\s*\n\s*"', "", text))
    numbered = list(enumerate(cases))

    def disagreement(numbered_case):
        number, (registered, slot, kernel, rule) = numbered_case
        actual = torch_fill(number, registered.split(), slot)
        if actual != (kernel, rule):
            return f"{registered} / {slot}: the test says {(kernel, rule)}, torch {torch.__version__} says {actual}"
        return None

    return check_against_torch(numbered, disagreement)


if __name__ == "__main__":
    sys.exit(main())
