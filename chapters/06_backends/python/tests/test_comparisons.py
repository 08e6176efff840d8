"""The comparison operators from Python against torch 1.13: eq, ne, lt, le,
gt and ge as functions, methods and operators (reflected ones too), their
bool results and type promotion, out=, a tensor that requires grad, the
errors, hashing, and which operator a dispatch mode sees (tests/data/,
written by maint/reference/gen_python_comparison_data.py)."""

import os
import unittest

import comparison_scope
import mini_torch
from mini_torch.utils._python_dispatch import TorchDispatchMode

DATA = os.path.join(os.path.dirname(__file__), "data", "pytorch-1.13-python-comparisons.txt")


def read_cases(kind):
    """(statement, expected) of each `kind` record: call (gives) or mode (logs)."""
    cases = []
    with open(DATA, encoding="utf-8") as data:
        lines = [line.rstrip("\n") for line in data if not line.startswith("#")]
    for record, answer in zip(lines[0::2], lines[1::2]):
        assert record.split(" ")[0] in ("call", "mode") and answer.split(" ")[0] in ("gives", "logs"), record
        expected = answer.split(" ", 1)[1].replace("\\n", "\n").replace("\\\\", "\\")
        if record.startswith(kind + " "):
            cases.append((record[len(kind) + 1:], expected))
    return cases


def names():
    """The generator's tensors, made by mini_torch."""
    return comparison_scope.names(mini_torch)


def run(statement):
    try:
        return repr(eval(statement, names()))  # noqa: S307 (the data's statements)
    except Exception as error:  # noqa: BLE001 (the error is the answer)
        return f"{type(error).__name__}: {error}"


class LoggingMode(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.seen = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.seen.append(str(func))
        return func(*args, **(kwargs or {}))


class ComparisonsAgainstTorch(unittest.TestCase):
    def test_every_recorded_statement(self):
        cases = read_cases("call")
        self.assertGreater(len(cases), 200)
        for statement, expected in cases:
            with self.subTest(statement=statement):
                self.assertEqual(run(statement), expected)

    def test_a_mode_sees_the_operator_torch_runs(self):
        cases = read_cases("mode")
        self.assertGreater(len(cases), 5)
        for statement, expected in cases:
            with self.subTest(statement=statement):
                scope = names()
                with LoggingMode() as mode:
                    eval(statement, scope)  # noqa: S307 (the data's statements)
                self.assertEqual("; ".join(mode.seen), expected)


class ComparisonResults(unittest.TestCase):
    """What the recorded reprs do not show on their own."""

    def test_the_result_is_a_bool_tensor_that_does_not_require_grad(self):
        x = mini_torch.tensor([1.0, 2.0], requires_grad=True)
        for result in (x < 1.5, x == x, 2 >= x, x.ne(1), mini_torch.gt(x, x)):
            self.assertIs(result.dtype, mini_torch.bool)
            self.assertFalse(result.requires_grad)
            self.assertIsNone(result.grad_fn)

    def test_a_tensor_is_hashed_by_identity(self):
        a = mini_torch.tensor([1, 2])
        b = mini_torch.tensor([1, 2])
        self.assertEqual(hash(a), id(a))
        self.assertEqual(len({a, b}), 2)
        self.assertEqual({a: "a", b: "b"}[b], "b")


if __name__ == "__main__":
    unittest.main()
