"""The generated bindings and their argument parser against torch 1.13:
the same statements give the same results and the same errors, word for
word (tests/data/, written by maint/reference/gen_python_binding_data.py),
but for the records listed, each with its reason, in
tests/data/python-bindings-known-differences.txt; a listed record that now
gives torch's answer fails, so the list cannot outlive its differences."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

import mini_torch
import program_outcomes

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "data", "pytorch-1.13-python-bindings.txt")
KNOWN = os.path.join(HERE, "data", "python-bindings-known-differences.txt")


def read_cases(kind):
    """(statement, expected) of each `kind` record (call, warn)."""
    cases = []
    with open(DATA, encoding="utf-8") as data:
        lines = [line.rstrip("\n") for line in data if not line.startswith("#")]
    for record, gives in zip(lines[0::2], lines[1::2]):
        assert record.split(" ")[0] in ("call", "warn") and gives.startswith("gives "), (record, gives)
        expected = gives[len("gives "):].replace("\\n", "\n").replace("\\\\", "\\")
        if record.startswith(kind + " "):
            cases.append((record[len(kind) + 1:], expected))
    return cases


def known_differences():
    """{"call <statement>" or "warn <statement>": reason}, from KNOWN; the
    names are the data's records, statements whole (they may hold colons)."""
    records = [f"{kind} {statement}" for kind in ("call", "warn") for statement, _ in read_cases(kind)]
    return program_outcomes.read_known_differences(KNOWN, names=records)


def names():
    return {"torch": mini_torch, "a": mini_torch.tensor([1.0, 2.0]), "b": mini_torch.tensor([3.0, 4.0]),
            "i": mini_torch.tensor([1, 2]), "d": mini_torch.tensor([1.0, 2.0], dtype=mini_torch.float64)}


def run(statement):
    try:
        return repr(eval(statement, names()))  # noqa: S307 (the data's statements)
    except Exception as error:  # noqa: BLE001 (the error is the answer)
        return f"{type(error).__name__}: {error}"


# The generator's program, on mini_torch: a fresh interpreter, since the
# deprecation warning comes once per process.
WARN_PROGRAM = """
import json, sys, warnings
import mini_torch as torch
a, b = torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    exec(sys.argv[1])
print(json.dumps([(w.category.__name__, str(w.message)) for w in caught]))
"""


def warnings_of(statement):
    result = subprocess.run([sys.executable, "-c", WARN_PROGRAM, statement], check=True, capture_output=True,
                            text=True)
    return " | ".join(f"{category}: {message}" for category, message in json.loads(result.stdout))


class BindingsAgainstTorch(unittest.TestCase):
    def compare(self, kind, cases, outcome):
        known = known_differences()
        for statement, expected in cases:
            with self.subTest(statement=statement):
                reason = known.get(f"{kind} {statement}")
                if reason is None:
                    self.assertEqual(outcome(statement), expected)
                else:
                    self.assertNotEqual(outcome(statement), expected,
                                        f"listed as a known difference ({reason}), but it now gives torch "
                                        f"1.13's answer: remove its line from {os.path.relpath(KNOWN, HERE)}")

    def test_every_recorded_statement(self):
        cases = read_cases("call")
        self.assertGreater(len(cases), 10)
        self.compare("call", cases, run)

    def test_deprecated_overloads_warn_as_torch_does(self):
        cases = read_cases("warn")
        self.assertGreater(len(cases), 3)
        self.compare("warn", cases, warnings_of)

    def test_known_differences_name_recorded_statements(self):
        self.assertIsInstance(known_differences(), dict)

    def test_a_listed_statement_may_hold_a_colon(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "known.txt")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write("# a comment\ncall a[0:1]: a slice, on purpose\n")
            known = program_outcomes.read_known_differences(path, names=["call a[0:1]", "call a"])
        self.assertEqual(known, {"call a[0:1]": "a slice, on purpose"})


class ParserErrors(unittest.TestCase):
    """What the data cannot hold: cases where the chapter has no torch twin."""

    def test_a_wrong_dtype_object_is_a_type_error(self):
        with self.assertRaisesRegex(TypeError, r"zeros\(\): argument 'dtype' must be torch.dtype, not str"):
            mini_torch.zeros(2, dtype="float32")

    def test_a_dispatcher_error_keeps_its_text(self):
        # The C++ error names its operator first ("add: The size ..."); what
        # reaches Python is 1.13's message alone, as a RuntimeError.
        expected = r"^The size of tensor a \(2\) must match the size of tensor b \(3\) at non-singleton dimension 0$"
        with self.assertRaisesRegex(RuntimeError, expected):
            mini_torch.add(mini_torch.ones(2), mini_torch.ones(3))


if __name__ == "__main__":
    unittest.main()
