"""Trains a two-layer perceptron on scikit-learn's handwritten digits, as a
PyTorch user writes it, with torch 1.13 or with the course's mini_torch.

    /usr/bin/python3 chapters/06_backends/python/examples/train_digits.py --torch torch
    PYTHONPATH=build/default/chapters/06_backends/python \\
        /usr/bin/python3 chapters/06_backends/python/examples/train_digits.py --torch mini_torch

The data is the 1,797 8x8 images that scikit-learn ships (load_digits(): no
download). The weights start from one seeded numpy generator, so the two
modules start from the same numbers; every step prints its loss, the end the
held-out accuracy. --steps N stops after N steps (the CI test runs a short
run against torch 1.13's losses: maint/reference/gen_train_digits_data.py).
--device cuda trains on a GPU: the data and the weights move there with
.to(device), as a PyTorch user moves them (tools/gpu-check runs the short run
so through mini_torch). MINI_TORCH_MODULE=torch|mini_torch chooses as --torch
does.
"""

import argparse
import importlib
import os
import sys
import time

MISSING = ("train_digits.py: {what} is missing for {python}: this example reads scikit-learn's bundled digits "
           "through numpy. On Debian: apt-get install python3-numpy python3-sklearn (tools/install-deps installs "
           "both), then run it with the interpreter they are for (/usr/bin/python3).")
try:
    import numpy as np
    from sklearn.datasets import load_digits
except ImportError as error:
    sys.exit(MISSING.format(what=error.name or "numpy or scikit-learn", python=sys.executable))

HIDDEN = 32
BATCH_SIZE = 64
LEARNING_RATE = 0.5
EPOCHS = 10
SEED = 0


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--torch", choices=["torch", "mini_torch"],
                        default=os.environ.get("MINI_TORCH_MODULE", "torch"),
                        help="the module imported as torch (default: $MINI_TORCH_MODULE, else torch)")
    parser.add_argument("--steps", type=int, default=None, help="stop after this many steps (default: every epoch)")
    parser.add_argument("--quiet", action="store_true", help="print the first and last steps only")
    parser.add_argument("--device", default="cpu", help="where to train: cpu (the default) or cuda")
    return parser.parse_args(argv)


def load_data():
    """Pixels scaled to [0, 1], and a fixed held-out fifth: the same split
    and the same order for both modules."""
    digits = load_digits()
    images = (digits.data / 16.0).astype(np.float32)
    labels = digits.target.astype(np.int64)
    order = np.random.default_rng(SEED).permutation(len(labels))
    images, labels = images[order], labels[order]
    test_count = len(labels) // 5
    return (images[test_count:], labels[test_count:]), (images[:test_count], labels[:test_count])


def init_params(torch, inputs=64, classes=10, device="cpu"):
    """w1, b1, w2, b2 from numpy, so that both modules start from the same
    numbers; moved to `device` before they require grad, so that each is a
    leaf there (a copy made after would be a non-leaf, with no .grad)."""
    rng = np.random.default_rng(SEED)
    w1 = torch.tensor(rng.normal(0.0, inputs ** -0.5, (inputs, HIDDEN)).astype(np.float32))
    b1 = torch.tensor(np.zeros(HIDDEN, dtype=np.float32))
    w2 = torch.tensor(rng.normal(0.0, HIDDEN ** -0.5, (HIDDEN, classes)).astype(np.float32))
    b2 = torch.tensor(np.zeros(classes, dtype=np.float32))
    return [p.to(device).requires_grad_() for p in (w1, b1, w2, b2)]


# [training_step]
def model(torch, params, x):
    w1, b1, w2, b2 = params
    hidden = torch.relu(x @ w1 + b1)
    return hidden @ w2 + b2


def training_step(torch, F, params, xb, yb):
    """Forward, loss, backward and the SGD update; returns the loss."""
    log_probs = torch.log_softmax(model(torch, params, xb), dim=1)
    loss = F.nll_loss(log_probs, yb)
    loss.backward()
    with torch.no_grad():
        for p in params:
            p -= LEARNING_RATE * p.grad
            p.grad = None
    return loss.item()
# [training_step]


def train(torch, F, steps=None, quiet=False, log=print, device="cpu"):
    """`torch` and `F` are the module and its nn.functional; `device` where
    the data and the weights go. Returns ([the loss of each step], held-out
    accuracy, seconds per step)."""
    (x_train, y_train), (x_test, y_test) = load_data()
    x_train, y_train = torch.tensor(x_train).to(device), torch.tensor(y_train).to(device)
    x_test, y_test = torch.tensor(x_test).to(device), torch.tensor(y_test).to(device)
    params = init_params(torch, device=device)

    losses = []
    started = time.perf_counter()
    for epoch in range(EPOCHS):
        for start in range(0, len(x_train), BATCH_SIZE):
            if steps is not None and len(losses) == steps:
                break
            xb, yb = x_train[start:start + BATCH_SIZE], y_train[start:start + BATCH_SIZE]
            losses.append(training_step(torch, F, params, xb, yb))
            if not quiet or len(losses) <= 3:
                log(f"epoch {epoch} step {len(losses)}: loss {losses[-1]:.6f}")
    seconds_per_step = (time.perf_counter() - started) / max(len(losses), 1)
    if quiet and len(losses) > 3:
        log(f"... step {len(losses)}: loss {losses[-1]:.6f}")

    with torch.no_grad():
        predicted = torch.argmax(model(torch, params, x_test), dim=1)
        correct = (predicted == y_test).sum().item()
    accuracy = correct / len(y_test)
    log(f"held-out accuracy: {correct}/{len(y_test)} = {accuracy:.4f}")
    return losses, accuracy, seconds_per_step


def main(argv):
    args = parse_args(argv)
    torch = importlib.import_module(args.torch)  # import torch, or import mini_torch as torch
    F = importlib.import_module(f"{args.torch}.nn.functional")  # import torch.nn.functional as F
    print(f"train_digits: {args.torch} from {os.path.dirname(torch.__file__)}, on {args.device}")
    _, _, seconds_per_step = train(torch, F, args.steps, args.quiet, device=args.device)
    print(f"time per step: {seconds_per_step * 1e3:.3f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
