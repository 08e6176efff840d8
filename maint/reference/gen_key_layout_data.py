#!/usr/bin/python3
"""Write PyTorch's split key-set layout, and what its key sets say, for
exercise 02.5 (a key layout written as data): 1.13's, and a 2.x's.

    /usr/bin/python3 maint/reference/gen_key_layout_data.py chapters/02_keyset/tests/data/pytorch-1.13-key-layout.txt
    /tmp/torch2/bin/python maint/reference/gen_key_layout_data.py \
        chapters/02_keyset/tests/data/pytorch-2.15.0-key-layout.txt

(the second with a venv holding a 2.x torch: `python3 -m venv /tmp/torch2 &&
/tmp/torch2/bin/pip install torch`; the header records the exact version).

The layout is read from torch itself: every key below PythonDispatcher, as
torch._C._dispatch_keyset_full_after prints it, in bit order. A run of
runtime keys that ends in the names of every backend is a per-backend
functionality (CPU, CUDA, ... is Dense; AutogradCPU, ... is
AutogradFunctionality); any other name is a functionality of its own.
Then each case is a call's key set made the way the dispatcher makes it,
(tensors | included) - excluded, with torch's DispatchKeySet operators,
and what torch prints for it and its highest-priority key. The tensors'
sets are those of real tensors where this build can make one (dense,
sparse, quantized, meta), and the thread's sets torch's own defaults.

Lines (lowest bit first):
    backend NAME
    functionality NAME PREFIX       PREFIX of a per-backend one's runtime keys: "=" for an empty one (Dense),
                                    "-" for a functionality that is not per-backend
    case TENSORS | INCLUDED | EXCLUDED | PRINTED | HIGHEST   key names joined by ","
"""

import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
import torch._C as C  # noqa: E402

S = C.DispatchKeySet
# SparseCsr is per-backend from 2.x on (1.13 has SparseCsrCPU and SparseCsrCUDA
# as functionalities of their own); a name no run matches is never looked up.
PREFIXES = {"Dense": "", "Quantized": "Quantized", "Sparse": "Sparse", "SparseCsr": "SparseCsr",
            "NestedTensor": "NestedTensor", "AutogradFunctionality": "Autograd"}


def names(key_set):
    text = str(key_set)
    inner = text[len("DispatchKeySet("):-1]
    return [name for name in inner.split(", ") if name]


def key_set(key_names):
    result = S(C._dispatch_key_parse("Undefined"))
    for name in key_names:
        result = result | S(C._dispatch_key_parse(name))
    return result


def layout():
    below = names(C._dispatch_keyset_full_after(C._dispatch_key_parse("PythonDispatcher")))
    if below[-1] != "PythonDispatcher":
        below.append("PythonDispatcher")
    backends = below[:C._dispatch_num_backends()]
    functionalities, index = [], 0
    while index < len(below):
        run = below[index:index + len(backends)]
        prefix = run[0][:len(run[0]) - len(backends[0])]
        if run == [prefix + backend for backend in backends]:
            functionality = next(name for name, known in PREFIXES.items() if known == prefix)
            functionalities.append((functionality, prefix or "="))
            index += len(backends)
        else:
            functionalities.append((below[index], "-"))
            index += 1
    return backends, functionalities


def tensor_cases():
    dense = names(C._dispatch_keys(torch.zeros(2)))
    sparse = names(C._dispatch_keys(torch.zeros(2).to_sparse()))
    quantized = names(C._dispatch_keys(torch.quantize_per_tensor(torch.zeros(2), 0.1, 0, torch.qint8)))
    meta = names(C._dispatch_keys(torch.zeros(2, device="meta")))
    included = names(C._dispatch_tls_local_include_set())
    excluded = names(C._dispatch_tls_local_exclude_set())
    autograd = ["AutogradOther", "AutogradFunctionality", "ADInplaceOrView"]
    # The backends this build cannot make a tensor of, as an extension would
    # give its tensors keys: a functionality and an autograd key on its bit.
    xla = ["XLA", "ADInplaceOrView", "AutogradXLA"]
    lazy = ["Lazy", "ADInplaceOrView", "AutogradLazy"]
    private = ["PrivateUse1", "ADInplaceOrView", "AutogradPrivateUse1"]
    return [
        (dense, included, excluded),
        (dense, [], []),
        (sparse, included, excluded),
        (quantized, included, excluded),
        (meta, included, excluded),
        (dense + meta, included, excluded),
        (xla, included, excluded),
        (dense + xla, included, excluded),
        (dense + xla, included, excluded + autograd),
        (dense + xla, included, excluded + ["AutogradCPU"]),
        (lazy + sparse, included, excluded),
        (lazy + sparse, included, excluded + autograd),
        (private + quantized, [], []),
        (private + quantized, included, excluded + autograd),
        (dense, included + ["Tracer"], excluded),
        (dense, included + ["Tracer"], excluded + ["Tracer"] + autograd),
        (dense, included + ["Python", "PythonTLSSnapshot"], excluded),
        (dense, included + ["Functionalize"], excluded + autograd),
        (dense, ["AutocastCPU"] + included, []),
        (meta + xla, ["FuncTorchBatched", "Conjugate"], []),
        (sparse + xla, included + ["AutogradNestedTensor"], excluded),
        ([], included, excluded),
        ([], ["BackendSelect"], []),
    ]


def main(path):
    backends, functionalities = layout()
    with open(path, "w", encoding="utf-8") as out:
        out.write("# Written by maint/reference/gen_key_layout_data.py from PyTorch " + torch.__version__
                  + "; do not edit. Lowest bit first.\n")
        for backend in backends:
            out.write(f"backend {backend}\n")
        for name, prefix in functionalities:
            out.write(f"functionality {name} {prefix}\n")
        for tensors, included, excluded in tensor_cases():
            call = (key_set(tensors) | key_set(included)) - key_set(excluded)
            highest = names(S(call.highestPriorityTypeId())) or ["Undefined"]
            out.write(f"case {','.join(tensors)} | {','.join(included)} | {','.join(excluded)} | {call} | "
                      f"{highest[0]}\n")


if __name__ == "__main__":
    main(sys.argv[1])
