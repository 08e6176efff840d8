#!/usr/bin/python3
"""Record the public names of torch 1.13 and of torch.Tensor, for
chapter 06's mini_torch: a name a PyTorch user reaches for that the course's
module lacks then fails with an error that names it and says the module
does not have it (mini_torch/_missing.py), where a name torch lacks too
fails as it fails in torch.

Writes chapters/06_backends/python/mini_torch/_torch_names.py (no torch
needed to read it):

    /usr/bin/python3 maint/reference/gen_torch_names.py \\
        chapters/06_backends/python/mini_torch/_torch_names.py
"""

import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402


def public(names):
    return sorted(name for name in names if not name.startswith("_"))


def main(path):
    functions = public(n for n in dir(torch) if callable(getattr(torch, n)))
    others = public(n for n in dir(torch) if n not in functions)
    methods = public(n for n in dir(torch.Tensor) if callable(getattr(torch.Tensor, n, None)))
    attributes = public(n for n in dir(torch.Tensor) if n not in methods)
    # The dunders a user writes as operators or built-ins: t[0], t @ u is
    # there already, abs(t), t ** 2, ...
    autograd = public(n for n in dir(torch.autograd) if n[0].islower() or n in ("Function", "Variable"))
    # torch.nn and torch.nn.functional: mini_torch has the functional
    # log_softmax and nll_loss of the training script, and no modules.
    nn = public(dir(torch.nn))
    nn_functional = public(n for n in dir(torch.nn.functional) if callable(getattr(torch.nn.functional, n)))
    dunders = sorted(n for n in dir(torch.Tensor) if n.startswith("__") and n.endswith("__"))
    with open(path, "w") as out:
        out.write(f'"""The public names of torch {torch.__version__} and torch.Tensor, written by\n'
                  'maint/reference/gen_torch_names.py: what mini_torch/_missing.py\n'
                  'names when a user reaches for one the course\'s module lacks."""\n\n')
        out.write(f"TORCH_VERSION = {torch.__version__!r}\n\n")
        for name, values in (("FUNCTIONS", functions), ("MODULE_ATTRIBUTES", others), ("TENSOR_METHODS", methods),
                             ("TENSOR_ATTRIBUTES", attributes), ("TENSOR_DUNDERS", dunders),
                             ("AUTOGRAD", autograd), ("NN", nn), ("NN_FUNCTIONAL", nn_functional)):
            out.write(f"{name} = frozenset((\n")
            for value in values:
                out.write(f"    {value!r},\n")
            out.write("))\n")
            if name != "NN_FUNCTIONAL":
                out.write("\n")


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__)
        sys.exit(0 if len(sys.argv) == 2 else 2)
    main(sys.argv[1])
