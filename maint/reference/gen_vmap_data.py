#!/usr/bin/python3
"""Generate chapter 06's vmap reference data from PyTorch 1.13 itself.

Chapter 06's vmap claims to give what 1.13 gives: per-sample gradients by
vmap over the backward pass (torch.autograd.grad(..., is_grads_batched=True),
which 1.13 runs on its legacy Batched key) and nested vmap (functorch.vmap,
which Debian's 1.13.1 ships). This script runs the cases of
chapters/06_backends/tests/functorch/vmap_reference_test.cpp on torch and
writes one line per tensor, `name sizes values`, values with 17 significant
digits, so that the test compares with no torch installed.

    /usr/bin/python3 maint/reference/gen_vmap_data.py chapters/06_backends/tests/data/vmap_reference.txt \
        chapters/05_autograd/tests/data/vmap_reference.txt

The second file holds chapter 05's cases (tests/vmap_test.cpp there): a
functorch.vmap with a shared input, and per-sample gradients of a model
that uses each tensor once, which that chapter's engine needs.

Running it twice gives the same bytes: every input is fixed.
"""

import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
from functorch import vmap  # noqa: E402


def line(name, tensor):
    sizes = ",".join(str(size) for size in tensor.shape)
    values = " ".join(f"{value:.17g}" for value in tensor.detach().reshape(-1).tolist())
    return f"{name} [{sizes}] {values}\n"


def main(path):
    double = torch.float64
    # The linear model of ch06_demo --vmap: (x·w + b - y)² per row.
    x = torch.arange(1.0, 13.0, dtype=double).view(4, 3)
    y = torch.tensor([[1.0], [0.0], [-1.0], [2.0]], dtype=double)
    w = torch.tensor([[0.5], [-0.25], [0.125]], dtype=double, requires_grad=True)
    b = torch.tensor([0.1], dtype=double, requires_grad=True)
    error = x @ w + b - y
    losses = (error * error).sum(1)
    grad_w, grad_b = torch.autograd.grad(losses, (w, b), torch.eye(4, dtype=double), is_grads_batched=True)
    # Nested: rows at the outer level, columns at the inner one.
    scales = torch.tensor([1.0, 10.0, 100.0, 1000.0], dtype=double)
    nested = vmap(vmap(torch.mul, (0, None)), (0, 0))(x, scales)
    # A batched right-hand side of matmul and a batched sum over a dimension.
    left = torch.tensor([[1.0, -2.0], [0.5, 3.0], [2.0, 0.25]], dtype=double)
    rights = torch.arange(-4.0, 4.0, dtype=double).view(2, 2, 2) / 4
    matmul_right = vmap(lambda r: left @ r)(rights)
    sums = vmap(lambda r: r.sum(0, keepdim=True))(rights)
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# Written by maint/reference/gen_vmap_data.py from PyTorch {torch.__version__}; do not edit.\n")
        out.write(line("losses", losses))
        out.write(line("grad_w", grad_w))
        out.write(line("grad_b", grad_b))
        out.write(line("nested_mul", nested))
        out.write(line("matmul_right", matmul_right))
        out.write(line("sum_keepdim", sums))


def chapter05(path):
    double = torch.float64
    batch = torch.tensor([[1.0, -2.0], [3.0, 0.5], [-1.0, 2.0]], dtype=double)
    shared = torch.tensor([2.0, -3.0], dtype=double)
    looped = vmap(lambda r, s: torch.relu(torch.exp(-r) * s), (0, None))(batch, shared)
    x = torch.tensor([[1.0, 2.0, 3.0], [-1.0, 0.5, 2.0], [0.0, -2.0, 1.0], [0.25, 1.0, -0.5]], dtype=double)
    y = torch.tensor([[1.0], [0.0], [-1.0], [2.0]], dtype=double)
    w = torch.tensor([[0.5], [-0.25], [0.125]], dtype=double, requires_grad=True)
    losses = torch.exp(x @ w - y).view(4)
    (grad_w,) = torch.autograd.grad(losses, (w,), torch.eye(4, dtype=double), is_grads_batched=True)
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"# Written by maint/reference/gen_vmap_data.py from PyTorch {torch.__version__}; do not edit.\n")
        out.write(line("vmap_shared", looped))
        out.write(line("losses", losses))
        out.write(line("grad_w", grad_w))


if __name__ == "__main__":
    main(sys.argv[1])
    if len(sys.argv) > 2:
        chapter05(sys.argv[2])
