#!/usr/bin/python3
"""Record what torch.autocast and torch._C's autocast functions do in PyTorch
1.13, for the tests of chapter 06's mini_torch autocast
(mini_torch/amp/autocast_mode.py, python/csrc/autograd/init.cpp).

Two parts:

- "cases": each program of chapters/06_backends/python/tests/autocast_cases.py
  (the state functions, their TypeErrors, nested regions and the cast cache,
  the decorator, the warnings and errors of bad arguments, the dtypes of
  operators in a region) with its source and the lines it gives on torch.
- "capstone": the forward pass of part 10's training step under
  torch.autocast("cpu") on the script's first batch
  (python/examples/one_step.py's autocast_forward): each intermediate's
  dtype and shape, the loss as loss.item() gives it (a float32, so its repr
  is exact), the float32 loss, the number of casts to bfloat16 and the
  gradients' dtypes. Recorded with oneDNN off: on a CPU with AVX-512 (BW,
  VL, DQ) 1.13 hands a bfloat16 product larger than 16*16*16 to oneDNN,
  which sums in float and rounds once; elsewhere, and with oneDNN off, it
  runs its own loop (gemm_notrans_), which the course's kernel follows. The
  oneDNN loss is recorded too ("onednn_loss"), when this machine takes that
  path, for the lesson's comparison.

Writes chapters/06_backends/python/tests/data/pytorch-1.13-python-autocast.json,
read by chapters/06_backends/python/tests/test_autocast.py (no torch needed
there). The capstone needs numpy and scikit-learn (Debian: python3-numpy,
python3-sklearn).

    /usr/bin/python3 maint/reference/gen_python_autocast_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-python-autocast.json
"""

import importlib.util
import json
import os
import sys

# --help answers before torch is imported: the usage needs no torch.
if __name__ == "__main__" and sys.argv[1:2] in (["-h"], ["--help"]):
    print(__doc__)
    sys.exit(0)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import torch.utils._python_dispatch as dispatch  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PYTHON = os.path.join(ROOT, "chapters/06_backends/python")


def load(name, path):
    sys.path.insert(0, os.path.dirname(path))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def capstone(one_step):
    xb, yb = one_step.first_batch(torch)

    def run():
        params = one_step.train_digits.init_params(torch)
        calls = []
        with one_step.logging_mode("torch", calls, lambda func, result: (str(func), getattr(result, "dtype", None))):
            steps = one_step.autocast_forward(torch, F, params, xb, yb)
        loss = steps[-1][1]
        loss.backward()
        return steps, calls, params

    with torch.backends.mkldnn.flags(enabled=False):
        steps, calls, params = run()
        plain = F.nll_loss(torch.log_softmax(one_step.train_digits.model(torch, params, xb), dim=1), yb)
    record = {
        "steps": [[what, str(result.dtype), list(result.shape)] for what, result in steps],
        "loss": steps[-1][1].item(),
        "float32_loss": plain.item(),
        "casts": calls.count(("aten._to_copy.default", torch.bfloat16)),
        "grad_dtypes": [str(p.grad.dtype) for p in params],
    }
    onednn_steps, _, _ = run()
    if onednn_steps[-1][1].item() != record["loss"]:
        record["onednn_loss"] = onednn_steps[-1][1].item()
    return record


def main(argv):
    if len(argv) != 1:
        sys.exit(f"usage: {sys.argv[0]} OUTPUT (--help says more)")
    cases = load("autocast_cases", os.path.join(PYTHON, "tests/autocast_cases.py"))
    one_step = load("one_step", os.path.join(PYTHON, "examples/one_step.py"))
    recorded = [{"name": name, "source": source, "gives": cases.run_case(torch, dispatch, source)}
                for name, source in cases.CASES]
    data = {"torch": torch.__version__, "generator": "maint/reference/gen_python_autocast_data.py",
            "cases": recorded, "capstone": capstone(one_step)}
    with open(argv[0], "w", encoding="utf-8") as out:
        json.dump(data, out, indent=1)
        out.write("\n")
    print(f"gen_python_autocast_data.py: {len(recorded)} cases, "
          f"{sum(len(case['gives']) for case in recorded)} lines; capstone loss {data['capstone']['loss']!r}")


if __name__ == "__main__":
    main(sys.argv[1:])
