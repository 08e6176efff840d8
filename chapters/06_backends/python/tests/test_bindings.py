"""The generated bindings and their argument parser against torch 1.13:
the same statements give the same results and the same errors, word for
word (tests/data/, written by maint/reference/gen_python_binding_data.py)."""

import os
import unittest

import mini_torch

DATA = os.path.join(os.path.dirname(__file__), "data", "pytorch-1.13-python-bindings.txt")


def read_cases():
    cases = []
    with open(DATA, encoding="utf-8") as data:
        lines = [line.rstrip("\n") for line in data if not line.startswith("#")]
    for call, gives in zip(lines[0::2], lines[1::2]):
        assert call.startswith("call ") and gives.startswith("gives "), (call, gives)
        expected = gives[len("gives "):].replace("\\n", "\n").replace("\\\\", "\\")
        cases.append((call[len("call "):], expected))
    return cases


def run(statement):
    a = mini_torch.tensor([1.0, 2.0])
    b = mini_torch.tensor([3.0, 4.0])
    try:
        return repr(eval(statement, {"torch": mini_torch, "a": a, "b": b}))  # noqa: S307 (the data's statements)
    except Exception as error:  # noqa: BLE001 (the error is the answer)
        return f"{type(error).__name__}: {error}"


class BindingsAgainstTorch(unittest.TestCase):
    def test_every_recorded_statement(self):
        cases = read_cases()
        self.assertGreater(len(cases), 10)
        for statement, expected in cases:
            with self.subTest(statement=statement):
                self.assertEqual(run(statement), expected)


class ParserErrors(unittest.TestCase):
    """What the data cannot hold: cases where the chapter has no torch twin."""

    def test_a_wrong_dtype_object_is_a_type_error(self):
        with self.assertRaisesRegex(TypeError, r"zeros\(\): argument 'dtype' must be torch.dtype, not str"):
            mini_torch.zeros(2, dtype="float32")

    def test_a_dispatcher_error_keeps_its_text(self):
        # The chapter's own words (torch's lack the "add: "): the message
        # crosses into Python unchanged, as a RuntimeError.
        expected = r"^add: The size of tensor a \(2\) must match the size of tensor b \(3\)"
        with self.assertRaisesRegex(RuntimeError, expected):
            mini_torch.add(mini_torch.ones(2), mini_torch.ones(3))


if __name__ == "__main__":
    unittest.main()
