"""Per-sample gradients of one batch of the training script (train_digits.py):
the gradient of each sample's loss with respect to every weight, from one
backward pass under vmap, against a loop of one backward pass per sample.

    PYTHONPATH=build/default/chapters/06_backends/python \\
        /usr/bin/python3 chapters/06_backends/python/examples/per_sample_gradients.py
    /usr/bin/python3 chapters/06_backends/python/examples/per_sample_gradients.py --torch torch

The batched call is torch 1.13's own: torch.autograd.grad(losses, params,
eye(B), is_grads_batched=True). The losses are one per sample
(nll_loss(..., reduction="none")); seeded with row i of the identity, the
backward pass gives sample i's gradients, and vmap runs the B seeds as one
pass through the Batched key's rules. Its output with mini_torch is
committed beside it (per_sample_gradients.recorded.txt, which part 10 shows
and test_train_digits.py holds to what it prints now; write it again with
the first command and `> .../per_sample_gradients.recorded.txt`); the
numbers are torch 1.13's (maint/reference/gen_train_digits_data.py records
them). --time adds how long each way takes.
"""

import argparse
import importlib
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_digits  # noqa: E402  (it says what to install when numpy or scikit-learn is missing)

NAMES = ("w1", "b1", "w2", "b2")


def first_batch(torch):
    (x_train, y_train), _ = train_digits.load_data()
    return (torch.tensor(x_train[:train_digits.BATCH_SIZE]), torch.tensor(y_train[:train_digits.BATCH_SIZE]))


# [per_sample_gradients]
def per_sample_gradients(torch, F, params, xb, yb):
    """[B, ...each parameter's sizes]: one backward pass, under vmap."""
    log_probs = torch.log_softmax(train_digits.model(torch, params, xb), dim=1)
    losses = F.nll_loss(log_probs, yb, reduction="none")          # [B], one loss per sample
    identity = torch.eye(len(yb))                                   # row i seeds sample i
    return torch.autograd.grad(losses, params, identity, is_grads_batched=True)


def one_sample_at_a_time(torch, F, params, xb, yb):
    """The same, by a loop: one forward and one backward pass per sample."""
    rows = []
    for i in range(len(yb)):
        log_probs = torch.log_softmax(train_digits.model(torch, params, xb[i:i + 1]), dim=1)
        rows.append(torch.autograd.grad(F.nll_loss(log_probs, yb[i:i + 1]), params))
    return rows
# [per_sample_gradients]


def summary(torch, F):
    """What the test compares with torch 1.13: each sample's gradients summed
    in absolute value, per parameter ({name: [B floats]}), and sample 0's
    gradient of b2 whole."""
    xb, yb = first_batch(torch)
    grads = per_sample_gradients(torch, F, train_digits.init_params(torch), xb, yb)
    sums = {}
    for name, grad in zip(NAMES, grads):
        rows = grad.tolist()
        sums[name] = [_abs_sum(row) for row in rows]
    return sums, grads[3].tolist()[0]


def _abs_sum(nested):
    return sum(_abs_sum(item) for item in nested) if isinstance(nested, list) else abs(nested)


def _largest_difference(a, b):
    if isinstance(a, list):
        return max(_largest_difference(x, y) for x, y in zip(a, b))
    return abs(a - b)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--torch", choices=["torch", "mini_torch"], default="mini_torch")
    parser.add_argument("--time", action="store_true", help="also time each way (not in the recording)")
    args = parser.parse_args(argv)
    torch = importlib.import_module(args.torch)
    F = importlib.import_module(f"{args.torch}.nn.functional")
    xb, yb = first_batch(torch)
    params = train_digits.init_params(torch)

    started = time.perf_counter()
    batched = per_sample_gradients(torch, F, params, xb, yb)
    batched_s = time.perf_counter() - started
    started = time.perf_counter()
    looped = one_sample_at_a_time(torch, F, params, xb, yb)
    looped_s = time.perf_counter() - started

    print(f"per-sample gradients of batch {list(xb.shape)}, one backward pass under vmap:")
    for name, grad in zip(NAMES, batched):
        print(f"  {name} {list(grad.shape)}")
    print(f"against {len(looped)} backward passes, one sample each, the largest difference:")
    for k, name in enumerate(NAMES):
        print(f"  {name} {_largest_difference(batched[k].tolist(), [row[k].tolist() for row in looped]):.3g}")

    # The step's gradient is the mean loss's: the mean of the per-sample ones.
    log_probs = torch.log_softmax(train_digits.model(torch, params, xb), dim=1)
    step = torch.autograd.grad(F.nll_loss(log_probs, yb), params)
    print("their mean against the step's gradient (the mean loss's), the largest difference:")
    for k, name in enumerate(NAMES):
        mean = batched[k].sum(0) / len(yb)
        print(f"  {name} {_largest_difference(mean.tolist(), step[k].tolist()):.3g}")
    print(f"sample 0's gradient of b2: {[round(v, 6) for v in batched[3].tolist()[0]]}")
    if args.time:
        print(f"time: {batched_s * 1e3:.1f} ms batched, {looped_s * 1e3:.1f} ms in the loop")


if __name__ == "__main__":
    main(sys.argv[1:])
