#!/usr/bin/python3
"""Write PyTorch 1.13's order of the dispatch keys chapter 05 composes.

Chapter 05 stacks its layers in 1.13's order: a dispatch mode on the Python
key below ADInplaceOrView and Autograd, the Tracer above Autograd, and
Batched (vmap) above them all. 1.13.1 has no _dispatch_keyset_full, so this
script registers a kernel on each key for one operator and reads the
computed table back (torch._C._dispatch_dump_table), whose rows follow the
key order, lowest first. One key per line, in that order;
chapters/05_autograd/tests/layers_compose_test.cpp checks the chapter's
DispatchKey order against it.

    /usr/bin/python3 maint/reference/gen_key_order_data.py chapters/05_autograd/tests/data/pytorch-1.13-key-order.txt
"""

import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
import torch._C as C  # noqa: E402

KEYS = ["CPU", "BackendSelect", "Python", "ADInplaceOrView", "AutogradOther", "AutogradCPU", "Tracer",
        "AutocastCPU", "AutocastCUDA", "Batched"]


def main(path):
    lib = C._dispatch_library("FRAGMENT", "keyorder", "")
    lib.def_("probe(Tensor x) -> Tensor")
    for key in KEYS:
        lib.impl_t_t("probe", dispatch=key, debug="probe_" + key)
    rows = [line.split(":")[0] for line in C._dispatch_dump_table("keyorder::probe").splitlines()
            if line.split(":")[0] in KEYS]
    with open(path, "w", encoding="utf-8") as out:
        out.write("# Written by maint/reference/gen_key_order_data.py from PyTorch " + torch.__version__
                  + "; do not edit. Lowest priority first.\n")
        for key in rows:
            out.write(key + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
