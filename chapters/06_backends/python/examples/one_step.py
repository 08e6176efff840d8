"""One step of the training script (train_digits.py) seen through the tools
of part 9: the operators a logging mode sees, forward, backward and update;
the FLOP counter's total beside a count by hand; and make_fx's graph of the
forward pass and the loss.

    PYTHONPATH=build/default/chapters/06_backends/python \\
        /usr/bin/python3 chapters/06_backends/python/examples/one_step.py
    /usr/bin/python3 chapters/06_backends/python/examples/one_step.py --torch torch --logging-only

Its output with mini_torch is committed beside it (one_step.recorded.txt,
which part 10 shows and test_train_digits.py holds to what it prints now);
after a change, write it again with the first command and
`> chapters/06_backends/python/examples/one_step.recorded.txt`.
With --torch torch it prints torch 1.13's list of operators for the same
step, for comparison (1.13 has no FLOP counter of its own).
"""

import argparse
import importlib
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_digits  # noqa: E402  (it says what to install when numpy or scikit-learn is missing)


def logging_mode(torch_name, seen):
    """A TorchDispatchMode that records each call's overload (aten.mm.default)."""
    dispatch = importlib.import_module(f"{torch_name}.utils._python_dispatch")

    class LoggingMode(dispatch.TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            seen.append(str(func))
            return func(*args, **(kwargs or {}))
    return LoggingMode()


def first_batch(torch):
    (x_train, y_train), _ = train_digits.load_data()
    x_train, y_train = torch.tensor(x_train), torch.tensor(y_train)
    return x_train[:train_digits.BATCH_SIZE], y_train[:train_digits.BATCH_SIZE]


def show_calls(title, calls):
    print(title)
    for name, count in Counter(calls).items():  # in the order first seen
        print(f"  {count} x {name}" if count > 1 else f"      {name}")


def by_hand(batch, inputs, hidden, classes):
    """The FLOPs of one step as the counter's formulas count them (a matmul
    2·M·K·N, an elementwise operator one per output element, a sum one per
    input element), worked out from the shapes: {operator: FLOPs}."""
    h, c = batch * hidden, batch * classes          # the hidden layer's and the logits' elements
    weights = inputs * hidden + hidden + hidden * classes + classes
    return {
        # x @ w1 and h @ w2; backward, w2's gradient h.t() @ g, h's g @ w2.t(), w1's x.t() @ g.
        "aten.matmul": 2 * batch * inputs * hidden + 2 * batch * hidden * classes
        + 2 * hidden * batch * classes + 2 * batch * classes * hidden + 2 * inputs * batch * hidden,
        # lr * grad of each weight; nll_loss's mask product and its backward;
        # sum's backward, ones * grad, for the rows' sums and the batch's.
        "aten.mul": weights + c + c + c + batch,
        # nll_loss's row sums and their sum, the count of rows; backward,
        # the biases' gradients summed over the batch.
        "aten.sum": c + batch + batch + h + c,
        "aten.add": h + c,                          # + b1, + b2
        "aten.sub_": weights,                       # p -= lr * p.grad
        "aten.relu": h,
        "aten.threshold_backward": h,
        "aten.neg": batch + batch,                  # -(row sums), and its backward
        "aten.div": 1 + 1,                          # total / count, and its backward
    }


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--torch", choices=["torch", "mini_torch"], default="mini_torch")
    parser.add_argument("--logging-only", action="store_true", help="the list of operators alone")
    args = parser.parse_args(argv)
    torch = importlib.import_module(args.torch)
    F = importlib.import_module(f"{args.torch}.nn.functional")
    xb, yb = first_batch(torch)
    params = train_digits.init_params(torch)

    calls = []
    with logging_mode(args.torch, calls):
        loss = train_digits.training_step(torch, F, params, xb, yb)
    show_calls(f"one step of batch {list(xb.shape)}, loss {loss:.6f}: {len(calls)} calls", calls)
    if args.logging_only:
        return

    from mini_torch.fx.experimental.proxy_tensor import make_fx
    from mini_torch.utils.flop_counter import FlopCounterMode
    params = train_digits.init_params(torch)
    with FlopCounterMode() as counter:
        train_digits.training_step(torch, F, params, xb, yb)
    counts = counter.get_flop_counts()
    print(f"FLOP counter: {counter.get_total_flops():,} in all")
    for name in sorted(counts, key=lambda n: -counts[n]):
        print(f"  {name:28} {counts[name]:>9,}")
    hand = by_hand(xb.shape[0], xb.shape[1], train_digits.HIDDEN, 10)
    print(f"by hand: {sum(hand.values()):,}" + ("" if hand == counts else f", per operator {hand}"))

    # The weights are arguments: make_fx traces what its inputs flow through.
    def forward_and_loss(x, y, w1, b1, w2, b2):
        return F.nll_loss(torch.log_softmax(train_digits.model(torch, [w1, b1, w2, b2], x), dim=1), y)
    print("make_fx of the forward pass and the loss:")
    print(make_fx(forward_and_loss)(xb, yb, *train_digits.init_params(torch)))


if __name__ == "__main__":
    main(sys.argv[1:])
