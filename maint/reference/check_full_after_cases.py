#!/usr/bin/env python3
"""Asks PyTorch 1.13 for every case of exercise 02.2's tests.

    /usr/bin/python3 maint/reference/check_full_after_cases.py

Each case in chapters/02_keyset/tests/exercises/full_after_test.cpp is
`{DispatchKey::Key, "DispatchKeySet(...)"}`: what chapter 02 prints for
fullAfter(Key). torch._C._dispatch_keyset_full_after(Key) must hold exactly
the same of chapter 02's runtime keys. PyTorch prints no backend bit that no
functionality uses, so the `CPUBit` names (every backend, below Dense) are
checked against the formula instead: FULL_AFTER sets every bit under the
key's functionality, and the backend bits are the lowest. Run by hand after
changing the cases (the tests themselves never need torch).
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
TESTS = os.path.join(ROOT, "chapters", "02_keyset", "tests", "exercises", "full_after_test.cpp")
CASE = re.compile(r'\{DispatchKey::(\w+),\s*((?:"[^"]*"\s*)+)\}')

# Chapter 02's runtime keys, as PyTorch names them.
RUNTIME_KEYS = ["CPU", "CUDA", "Meta", "PrivateUse1", "BackendSelect", "ADInplaceOrView", "AutogradOther",
                "AutogradCPU", "AutogradCUDA", "AutogradMeta", "AutogradPrivateUse1", "Tracer", "AutocastCPU",
                "AutocastCUDA", "Batched"]
BACKEND_BITS = ["CPUBit", "CUDABit", "MetaBit", "PrivateUse1Bit"]


def names(printed):
    """The key names inside `DispatchKeySet(...)`."""
    inside = printed[printed.index("(") + 1:printed.rindex(")")]
    return [name.strip() for name in inside.split(",") if name.strip()]


def disagreement(case):
    key, literal = case
    ours = names("".join(re.findall(r'"([^"]*)"', literal)))
    theirs = [name for name in names(torch._C._dispatch_keyset_to_string(
        torch._C._dispatch_keyset_full_after(key))) if name in RUNTIME_KEYS]
    expected = theirs or BACKEND_BITS
    if ours != expected:
        return f"fullAfter({key}): the test says {ours}, torch {torch.__version__} says {expected}"
    return None


def main():
    return check_against_torch(cases_in(TESTS, CASE), disagreement)


if __name__ == "__main__":
    sys.exit(main())
