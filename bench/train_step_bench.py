"""One training step of chapter 06's capstone (part 10), timed with torch 1.13
and with mini_torch in the same run: tools/run-bench's row "training step".

    PYTHONPATH=build/release/chapters/06_backends/python \\
        /usr/bin/python3 bench/train_step_bench.py --out RESULT.json [--steps N] [--repetitions R]

The step is python/examples/train_digits.py's training_step, on its data,
its batches and its weights: forward (two matmuls, relu, log_softmax),
nll_loss, backward and the SGD update, then loss.item(). Each repetition
starts from the same weights, takes --steps steps through the training
batches (after 10 steps not timed) and records the mean time per step; the
report reads the fastest repetition, as Google Benchmark's do, since noise
from other processes only ever adds time. torch 1.13 runs with one thread,
as the mini_torch kernels do. The output is Google Benchmark's JSON, so
maint/bench_report.py reads it with the rest.
"""

import argparse
import importlib
import json
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "chapters", "06_backends", "python", "examples"))
import train_digits  # noqa: E402  (it says what to install when numpy or scikit-learn is missing)

WARMUP = 10


def time_steps(name, steps, repetitions):
    """Mean seconds per step of each repetition, with module `name` as torch."""
    torch = importlib.import_module(name)
    F = importlib.import_module(f"{name}.nn.functional")
    if name == "torch":
        torch.set_num_threads(1)
    (x_train, y_train), _ = train_digits.load_data()
    x_train, y_train = torch.tensor(x_train), torch.tensor(y_train)
    batches = [(x_train[start:start + train_digits.BATCH_SIZE], y_train[start:start + train_digits.BATCH_SIZE])
               for start in range(0, len(x_train), train_digits.BATCH_SIZE)]
    means = []
    for _ in range(repetitions):
        params = train_digits.init_params(torch)
        for i in range(WARMUP):
            train_digits.training_step(torch, F, params, *batches[i % len(batches)])
        started = time.perf_counter()
        for i in range(steps):
            train_digits.training_step(torch, F, params, *batches[(WARMUP + i) % len(batches)])
        means.append((time.perf_counter() - started) / steps)
    return torch, means


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", required=True, help="where to write the JSON results")
    parser.add_argument("--steps", type=int, default=200, help="timed steps per repetition (default 200)")
    parser.add_argument("--repetitions", type=int, default=3, help="repetitions per module (default 3)")
    args = parser.parse_args(argv)
    benchmarks = []
    for name in ("mini_torch", "torch"):
        module, means = time_steps(name, args.steps, args.repetitions)
        label = "ours" if name == "mini_torch" else "libtorch"
        for repetition, seconds in enumerate(means):
            benchmarks.append({"name": f"train_step/{label}", "run_name": f"train_step/{label}",
                               "run_type": "iteration", "repetition_index": repetition,
                               "iterations": args.steps, "real_time": seconds * 1e9, "cpu_time": seconds * 1e9,
                               "time_unit": "ns", "module": os.path.dirname(module.__file__)})
        print(f"train_step_bench: {name}: {min(means) * 1e3:.3f} ms per step (fastest of {len(means)}, "
              f"{args.steps} steps each) from {os.path.dirname(module.__file__)}")
    with open(args.out, "w", encoding="utf-8") as handle:
        json.dump({"context": {"executable": "bench/train_step_bench.py", "load_avg": list(os.getloadavg())},
                   "benchmarks": benchmarks}, handle, indent=1)


if __name__ == "__main__":
    main(sys.argv[1:])
