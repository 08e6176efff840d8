"""The course's gdb support: pretty printers and commands for every chapter.

Load it with one line, either on the command line

    gdb -x gdb/mini.py build/default/chapters/01_vtable/ch01_demo

or from inside gdb: `source gdb/mini.py`. Each module in gdb/printers/
registers what it knows about; types are matched by name with any chapter's
inline namespace (mini::ch01::..., mini::ch02::...), so one printer serves every
chapter that has the type.
"""
import importlib
import os
import sys

import gdb  # noqa: F401  (only importable inside gdb)

_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

import printers  # noqa: E402

for _name in sorted(os.listdir(os.path.join(_HERE, "printers"))):
    if _name.endswith(".py") and not _name.startswith("_"):
        module = importlib.import_module("printers." + _name[:-3])
        module.register(printers.collection)

printers.install()
