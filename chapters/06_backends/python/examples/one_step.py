"""One step of the training script (train_digits.py) seen through the tools
of part 9: the operators a logging mode sees, forward, backward and update;
the FLOP counter's total beside a count by hand; and make_fx's graph of the
forward pass and the loss. With --autocast, the forward pass under
autocast("cpu") instead, with the dtype of each intermediate.

    PYTHONPATH=build/default/chapters/06_backends/python \\
        /usr/bin/python3 chapters/06_backends/python/examples/one_step.py
    /usr/bin/python3 chapters/06_backends/python/examples/one_step.py --torch torch --logging-only
    /usr/bin/python3 chapters/06_backends/python/examples/one_step.py --torch torch --autocast

Its output with mini_torch is committed beside it (one_step.recorded.txt,
and one_step.autocast.recorded.txt for --autocast, which part 10 shows and
test_train_digits.py and test_autocast.py hold to what it prints now);
after a change, write them again with the first command and
`> chapters/06_backends/python/examples/one_step.recorded.txt`, and with
--autocast and `> .../one_step.autocast.recorded.txt`.
With --torch torch it prints torch 1.13's list of operators for the same
step, or with --autocast its forward pass under autocast, for comparison
(1.13 has no FLOP counter of its own).
"""

import argparse
import importlib
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import train_digits  # noqa: E402  (it says what to install when numpy or scikit-learn is missing)


def logging_mode(torch_name, seen, describe=lambda func, result: str(func)):
    """A TorchDispatchMode that records each call's overload (aten.mm.default),
    or what describe(func, result) says of it."""
    dispatch = importlib.import_module(f"{torch_name}.utils._python_dispatch")

    class LoggingMode(dispatch.TorchDispatchMode):
        def __torch_dispatch__(self, func, types, args=(), kwargs=None):
            result = func(*args, **(kwargs or {}))
            seen.append(describe(func, result))
            return result
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


def autocast_forward(torch, F, params, xb, yb):
    """train_digits.model() and training_step's loss under autocast("cpu"),
    one operator at a time: [(what, its result)]. The same calls in the same
    order as the step's forward pass, whose loss it checks it gives."""
    w1, b1, w2, b2 = params
    with torch.autocast("cpu"):
        steps = [("x @ w1", xb @ w1)]
        steps.append(("... + b1", steps[-1][1] + b1))
        steps.append(("relu(...)", torch.relu(steps[-1][1])))
        steps.append(("hidden @ w2", steps[-1][1] @ w2))
        steps.append(("... + b2", steps[-1][1] + b2))
        steps.append(("log_softmax(...)", torch.log_softmax(steps[-1][1], dim=1)))
        steps.append(("nll_loss(...)", F.nll_loss(steps[-1][1], yb)))
        whole = F.nll_loss(torch.log_softmax(train_digits.model(torch, params, xb), dim=1), yb)
    assert whole.item() == steps[-1][1].item(), "the steps are not model()'s forward pass"
    return steps


def show_autocast(torch_name, torch, F, xb, yb):
    params = train_digits.init_params(torch)
    calls = []
    with logging_mode(torch_name, calls, lambda func, result: (str(func), getattr(result, "dtype", None))):
        steps = autocast_forward(torch, F, params, xb, yb)
    loss = steps[-1][1]
    # autocast's casts (nll_loss's bool mask to float32 is a _to_copy too).
    casts = calls.count(("aten._to_copy.default", torch.bfloat16))
    print(f'the forward pass under autocast("cpu"), {casts} casts to bfloat16:')
    for what, result in steps:
        print(f"  {what:18} {str(result.dtype):16} {list(result.shape)}")
    plain = F.nll_loss(torch.log_softmax(train_digits.model(torch, params, xb), dim=1), yb)
    print(f"loss {loss.item():.6f} (in float32 without autocast: {plain.item():.6f})")
    if torch_name == "torch" and torch.backends.mkldnn.is_available():
        # On a CPU with AVX-512, 1.13 hands these bfloat16 products to oneDNN,
        # which sums in float; without it, its own loop rounds as the course's.
        with torch.backends.mkldnn.flags(enabled=False):
            portable = autocast_forward(torch, F, train_digits.init_params(torch), xb, yb)[-1][1]
        print(f"loss {portable.item():.6f} with oneDNN off (1.13's own bfloat16 loop)")
    loss.backward()
    print("gradients after backward, outside the region: " + ", ".join(str(p.grad.dtype) for p in params))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--torch", choices=["torch", "mini_torch"], default="mini_torch")
    parser.add_argument("--logging-only", action="store_true", help="the list of operators alone")
    parser.add_argument("--autocast", action="store_true", help="the forward pass under autocast alone")
    args = parser.parse_args(argv)
    torch = importlib.import_module(args.torch)
    F = importlib.import_module(f"{args.torch}.nn.functional")
    xb, yb = first_batch(torch)
    if args.autocast:
        show_autocast(args.torch, torch, F, xb, yb)
        return
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
