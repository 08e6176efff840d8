#!/usr/bin/python3
"""Record torch 1.13's per-sample gradients of the training script's first
batch, for the test that computes them through mini_torch.

Runs chapters/06_backends/python/examples/per_sample_gradients.py's
summary() with torch 1.13: torch.autograd.grad(losses, params, eye(64),
is_grads_batched=True) on the first batch of 64 digits with the script's
starting weights. It writes, for each parameter and each sample, the sum
of the absolute values of that sample's gradient (the float64 Python adds
them in), then sample 0's gradient of b2 whole:

    abs_sum <parameter> <sample> <value>
    b2_sample0 <class> <value>

Writes chapters/06_backends/python/tests/data/pytorch-1.13-per-sample-gradients.txt,
read by chapters/06_backends/python/tests/test_train_digits.py (no torch
needed there). Needs numpy and scikit-learn (tools/install-deps).

    /usr/bin/python3 maint/reference/gen_per_sample_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-per-sample-gradients.txt
"""

import importlib.util
import os
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "chapters/06_backends/python/examples/per_sample_gradients.py")


def main(argv):
    if len(argv) != 1:
        sys.exit(f"usage: {sys.argv[0]} OUTPUT (--help says more)")
    spec = importlib.util.spec_from_file_location("per_sample_gradients", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    sums, b2_sample0 = script.summary(torch, F)
    lines = [f"# torch {torch.__version__}: maint/reference/gen_per_sample_data.py",
             "# per-sample gradients of train_digits.py's first batch; see the script's docstring"]
    for name, values in sums.items():
        lines += [f"abs_sum {name} {sample} {value!r}" for sample, value in enumerate(values)]
    lines += [f"b2_sample0 {cls} {value!r}" for cls, value in enumerate(b2_sample0)]
    with open(argv[0], "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    print(f"gen_per_sample_data.py: {sum(len(v) for v in sums.values())} sums, {len(b2_sample0)} values of b2")


if __name__ == "__main__":
    main(sys.argv[1:])
