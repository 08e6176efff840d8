#!/usr/bin/python3
"""Generate chapter 03's conformance data from the real PyTorch dispatcher: 1.13's, and a 2.x's.

The chapter's `mini-dispatch-table` tool must print, for any set of registration
keys, exactly what torch/_python_dispatcher.py's PythonDispatcher prints. Rather
than copying expected tables by hand, this script asks libtorch itself: for each
registration set it defines a fresh `foo(Tensor x) -> Tensor` in a fresh
library, registers kernels named fn_<Key>, and records the computed table.

For 1.13 it needs Debian's python3-torch 1.13.1, so run it with the system interpreter:

    /usr/bin/python3 maint/reference/gen_pytorch_tables.py \
        > chapters/03_registration/tests/data/pytorch-1.13-tables.txt

and for 2.x with a venv holding pip's torch (the file is named with its exact version):

    /tmp/torch2/bin/python maint/reference/gen_pytorch_tables.py \
        > chapters/03_registration/tests/data/pytorch-2.15.0-tables.txt

The output format is described in chapters/03_registration/tests/data/README.md.
"""

import itertools
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
from torch._python_dispatcher import PythonDispatcher  # noqa: E402

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


def check_global_fallbacks_2x(namer):
    """2.x's rules (`mini-dispatch-table --pytorch 2.x`): every Autograd key of
    the chapter has a boxed fallback (a kernel that runs, no fallthrough), and
    Meta has one too; the four backends' other keys have none."""
    dispatcher = ChapterDispatcher(namer.next())
    rows = dict(line.split(": ", 1) for line in dispatcher.rawDispatchTable().splitlines())
    for key, where in [("AutogradOther", "VariableFallbackKernel.cpp"), ("AutogradCPU", "VariableFallbackKernel.cpp"),
                       ("AutogradCUDA", "VariableFallbackKernel.cpp"), ("AutogradMeta", "VariableFallbackKernel.cpp"),
                       ("AutogradPrivateUse1", "VariableFallbackKernel.cpp"), ("Meta", "MetaFallbackKernel.cpp")]:
        assert rows[key].startswith("registered at") and where in rows[key] and rows[key].endswith(
            "[backend fallback]"), (key, rows[key])
    for key in ["CPU", "CUDA", "PrivateUse1"]:
        assert key not in rows, (key, rows[key])


def emit(out, label, lines):
    out.write(f"case: {label}".rstrip() + "\n")
    for line in lines:
        out.write(line + "\n")
    out.write("\n")


def header(version):
    if version.startswith("1.13"):
        return ("# Expected output of `mini-dispatch-table`, generated by maint/reference/gen_pytorch_tables.py\n"
                f"# from Debian python3-torch 1.13.1 (torch.__version__ {version}).\n"
                "# Do not edit by hand. Regenerate with:\n"
                "#   /usr/bin/python3 maint/reference/gen_pytorch_tables.py \\\n"
                "#       > chapters/03_registration/tests/data/pytorch-1.13-tables.txt\n"
                "# Format and the rules these tables show: README.md next to this file.\n"
                "\n")
    return ("# Expected output of `mini-dispatch-table --pytorch 2.x`, generated by\n"
            f"# maint/reference/gen_pytorch_tables.py from PyTorch {version} (pip's torch wheel).\n"
            "# Do not edit by hand. Regenerate with (a venv holding that torch):\n"
            "#   /tmp/torch2/bin/python maint/reference/gen_pytorch_tables.py \\\n"
            f"#       > chapters/03_registration/tests/data/pytorch-{version.split('+')[0]}-tables.txt\n"
            "# Format: README.md next to this file; what differs from 1.13: its section \"PyTorch 2.x\".\n"
            "\n")


def main(out):
    version = torch.__version__
    if not version.startswith(("1.13", "2.")):
        sys.exit(f"expected torch 1.13 (/usr/bin/python3) or a 2.x (a venv), found {version}")
    namer = CaseNamer()
    (check_global_fallbacks if version.startswith("1.13") else check_global_fallbacks_2x)(namer)
    out.write(header(version))
    for keys in table_cases():
        emit(out, " ".join(keys), run_case(namer, keys, "table"))
    for keys in ERROR_CASES:
        emit(out, " ".join(keys), run_case(namer, keys, "table"))
    for keys in REGISTRATION_CASES:
        emit(out, " ".join(["--registrations", *keys]), run_case(namer, keys, "registrations"))


if __name__ == "__main__":
    main(sys.stdout)
