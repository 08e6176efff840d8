#!/usr/bin/python3
"""Generate chapter 03's conformance data from the real PyTorch 1.13 dispatcher.

The chapter's `mini-dispatch-table` tool must print, for any set of registration
keys, exactly what torch/_python_dispatcher.py's PythonDispatcher prints. Rather
than copying expected tables by hand, this script asks libtorch itself: for each
registration set it defines a fresh `foo(Tensor x) -> Tensor` in a fresh
library, registers kernels named fn_<Key>, and records the computed table.

It needs Debian's python3-torch 1.13.1, so run it with the system interpreter:

    /usr/bin/python3 maint/reference/gen_pytorch_tables.py \
        > chapters/03_registration/tests/data/pytorch-1.13-tables.txt

The output format is described in chapters/03_registration/tests/data/README.md.
"""

import itertools
import sys

import torch
from torch._python_dispatcher import PythonDispatcher

# The runtime keys the chapter's tool prints, in the dispatcher's table order
# (PythonDispatcher prints rows in the order _dispatch_dump_table lists them,
# which is DispatchKey order; this list happens to be in that order too).
RUNTIME_KEYS = [
    "CPU", "CUDA", "Meta", "PrivateUse1",
    "AutogradOther", "AutogradCPU", "AutogradCUDA", "AutogradMeta", "AutogradPrivateUse1",
]
ALIAS_KEYS = ["Autograd", "CompositeImplicitAutograd", "CompositeExplicitAutograd"]

# The keys the combinations are drawn from: what a learner can register on.
REGISTRATION_KEYS = [
    "CPU", "CUDA", "Meta", "PrivateUse1",
    "AutogradCPU", "AutogradCUDA", "AutogradMeta", "AutogradPrivateUse1", "AutogradOther",
    "Autograd", "CompositeImplicitAutograd", "CompositeExplicitAutograd",
]

CIA = "CompositeImplicitAutograd"
CEA = "CompositeExplicitAutograd"


class ChapterDispatcher(PythonDispatcher):
    """PythonDispatcher with the chapter's keys instead of CPU/FPGA/XLA/Lazy.

    Subclassing (rather than re-implementing) keeps PythonDispatcher's own
    checks, header and row formatting, so the data is its output verbatim.
    Each instance gets its own namespace: two libraries cannot both def
    `__test__::foo`, and a fresh operator per case keeps cases independent.
    """

    runtime_keys = RUNTIME_KEYS
    alias_keys = ALIAS_KEYS
    supported_keys = RUNTIME_KEYS + ALIAS_KEYS

    def __init__(self, namespace):
        self.namespace = namespace
        super().__init__()


class CaseNamer:
    """Hands out a new library namespace for every case."""

    def __init__(self):
        self.count = 0

    def next(self):
        self.count += 1
        return f"__conformance{self.count}__"


def strip_header_newline(text):
    # PythonDispatcher's header starts with "\n"; the data file uses blank
    # lines to end a case, so the leading empty line is dropped (see README).
    assert text.startswith("\n"), repr(text)
    return text[1:].rstrip("\n").split("\n")


def run_case(namer, keys, what):
    """The lines PythonDispatcher prints for `keys`, or an `error:` line."""
    dispatcher = ChapterDispatcher(namer.next())
    try:
        dispatcher.register(keys)
    except RuntimeError as error:
        return [f"error: {error}"]
    if what == "table":
        return strip_header_newline(dispatcher.dispatchTable())
    return strip_header_newline(dispatcher.registrations())


def table_cases():
    """Registration sets, each once, in a stable order: the ones the lesson
    names first, then every pair and every triple of REGISTRATION_KEYS."""
    named = [
        [],                                   # global fallbacks only
        *([key] for key in REGISTRATION_KEYS),
        *(["CPU", alias] for alias in ALIAS_KEYS),
        [CIA, "CPU"],
        [CIA, "AutogradCPU"],
        [CEA, "Autograd"],
        ["CPU", "CUDA", "Autograd"],
        ["Meta"],
        ["PrivateUse1", "AutogradPrivateUse1"],
        ["Meta", CIA],
        ["Meta", CEA],
        ["PrivateUse1", CIA],
        ["CPU", "AutogradOther", CIA],
        ["CPU", "CUDA", "Meta", "PrivateUse1", "Autograd"],
        ["CPU", "CUDA", "AutogradCPU", "AutogradCUDA", CIA],
        REGISTRATION_KEYS[:10],               # everything but the two composites
    ]
    combos = [list(c) for n in (2, 3) for c in itertools.combinations(REGISTRATION_KEYS, n)]
    seen = set()
    for keys in named + combos:
        signature = tuple(sorted(keys))
        if signature not in seen:
            seen.add(signature)
            yield keys


# Sets PythonDispatcher refuses, each with the message it raises (the pairs
# and triples above already hold every set with both composites).
ERROR_CASES = [
    ["CPU", "CPU"],
    ["FPGA"],
    ["CPU", "XLA"],
]

# A few sets for the registrations() table (`--registrations` in the tool).
REGISTRATION_CASES = [
    ["CPU"],
    ["CPU", "AutogradCPU", CIA],
    ["CUDA", "Autograd", CEA],
    ["Meta", "PrivateUse1", "AutogradOther"],
    # Registered in reverse: the rows come out in DispatchKey order anyway.
    [CIA, "Autograd", "AutogradCPU", "CPU"],
    [key for key in REGISTRATION_KEYS if key != CIA],
    [key for key in REGISTRATION_KEYS if key != CEA],
]


def check_global_fallbacks(namer):
    """The reference says 1.13 installs fallthrough on AutogradOther,
    AutogradCPU and AutogradCUDA and nothing on AutogradMeta or
    AutogradPrivateUse1; the data is only right if that holds."""
    dispatcher = ChapterDispatcher(namer.next())
    rows = dict(line.split(": ", 1) for line in dispatcher.rawDispatchTable().splitlines())
    for key in ["AutogradOther", "AutogradCPU", "AutogradCUDA"]:
        assert rows[key].startswith("fallthrough registered at") and rows[key].endswith(
            "[backend fallback]"), (key, rows[key])
    for key in ["CPU", "CUDA", "Meta", "PrivateUse1", "AutogradMeta", "AutogradPrivateUse1"]:
        assert key not in rows, (key, rows[key])


def emit(out, label, lines):
    out.write(f"case: {label}".rstrip() + "\n")
    for line in lines:
        out.write(line + "\n")
    out.write("\n")


def main(out):
    if not torch.__version__.startswith("1.13"):
        sys.exit(f"expected torch 1.13, found {torch.__version__} (run with /usr/bin/python3)")
    namer = CaseNamer()
    check_global_fallbacks(namer)
    out.write(
        "# Expected output of `mini-dispatch-table`, generated by maint/reference/gen_pytorch_tables.py\n"
        f"# from Debian python3-torch 1.13.1 (torch.__version__ {torch.__version__}).\n"
        "# Do not edit by hand. Regenerate with:\n"
        "#   /usr/bin/python3 maint/reference/gen_pytorch_tables.py \\\n"
        "#       > chapters/03_registration/tests/data/pytorch-1.13-tables.txt\n"
        "# Format and the rules these tables show: README.md next to this file.\n"
        "\n")
    for keys in table_cases():
        emit(out, " ".join(keys), run_case(namer, keys, "table"))
    for keys in ERROR_CASES:
        emit(out, " ".join(keys), run_case(namer, keys, "table"))
    for keys in REGISTRATION_CASES:
        emit(out, " ".join(["--registrations", *keys]), run_case(namer, keys, "registrations"))


if __name__ == "__main__":
    main(sys.stdout)
