#!/usr/bin/python3
"""Record the losses of chapter 06's training script on PyTorch 1.13, for the
test that runs the same script on mini_torch.

Runs chapters/06_backends/python/examples/train_digits.py's train() with
torch 1.13 twice: a short run (SHORT_STEPS steps, what the CI test repeats
through mini_torch) and the full run (every epoch, the lesson's command),
and writes each step's loss as the float64 that loss.item() returned (a
float32 value, so its repr is exact), then the full run's held-out accuracy:

    short <step> <loss>
    full <step> <loss>
    accuracy <correct>/<total>

Writes chapters/06_backends/python/tests/data/pytorch-1.13-train-digits.txt,
read by chapters/06_backends/python/tests/test_train_digits.py (no torch
needed there). Needs numpy and scikit-learn (Debian: python3-numpy,
python3-sklearn; tools/install-deps installs them).

    /usr/bin/python3 maint/reference/gen_train_digits_data.py \\
        chapters/06_backends/python/tests/data/pytorch-1.13-train-digits.txt
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
SCRIPT = os.path.join(ROOT, "chapters/06_backends/python/examples/train_digits.py")
SHORT_STEPS = 30


def load_script():
    spec = importlib.util.spec_from_file_location("train_digits", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv):
    if len(argv) != 1:
        sys.exit(f"usage: {sys.argv[0]} OUTPUT (--help says more)")
    script = load_script()
    short, _, _ = script.train(torch, F, steps=SHORT_STEPS, log=lambda line: None)
    full, accuracy, _ = script.train(torch, F, log=lambda line: None)
    if full[:SHORT_STEPS] != short:
        sys.exit("gen_train_digits_data.py: the short run's losses are not the full run's first ones")
    lines = [f"# torch {torch.__version__}: maint/reference/gen_train_digits_data.py",
             f"# {SHORT_STEPS} short steps, {len(full)} full steps; see the script's docstring"]
    lines += [f"short {step} {loss!r}" for step, loss in enumerate(short, 1)]
    lines += [f"full {step} {loss!r}" for step, loss in enumerate(full, 1)]
    (_, _), (_, y_test) = script.load_data()
    correct = round(accuracy * len(y_test))
    lines.append(f"accuracy {correct}/{len(y_test)}")
    with open(argv[0], "w", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
    print(f"gen_train_digits_data.py: {len(short)} short and {len(full)} full steps, accuracy {correct}/{len(y_test)}")


if __name__ == "__main__":
    main(sys.argv[1:])
