"""The FLOP counter and the make_fx-style tracer, written in Python on the
mode (mini_torch/utils/flop_counter.py, mini_torch/fx/experimental/
proxy_tensor.py), against torch 1.13 on the same programs (tests/data/,
written by maint/reference/gen_python_utils_data.py): the counts the same
FlopCounterMode gives there, and the aten calls 1.13's make_fx records."""

import ast
import os
import unittest

import mini_torch
from mini_torch.fx.experimental.proxy_tensor import make_fx
from mini_torch.utils.flop_counter import FlopCounterMode

DATA = os.path.join(os.path.dirname(__file__), "data", "pytorch-1.13-python-utils.txt")

# 1.13's matmul is composite (no kernel of its own in native_functions.yaml):
# it reaches a mode as the operator it becomes. The course's is one operator.
COMPOSITE_MATMUL = {"aten.mm": "aten.matmul", "aten.mv": "aten.matmul", "aten.dot": "aten.matmul",
                    "aten.bmm": "aten.matmul"}


def read_cases(kind):
    with open(DATA, encoding="utf-8") as data:
        lines = [line.rstrip("\n") for line in data if not line.startswith("#")]
    cases = []
    for record, gives in zip(lines[0::2], lines[1::2]):
        assert record.split(" ")[0] in ("flops", "trace") and gives.startswith("gives "), (record, gives)
        if record.startswith(kind + " "):
            cases.append((record[len(kind) + 1:], gives[len("gives "):]))
    return cases


def names():
    return {"torch": mini_torch, "a": mini_torch.tensor([1.0, 2.0]), "b": mini_torch.tensor([3.0, 4.0]),
            "m": mini_torch.ones(2, 3), "n": mini_torch.ones(3, 2)}


def render_graph(graph):
    """The generator's notation: placeholders by name, calls as %<position>."""
    labels = {}
    calls = []

    def show(value):
        if isinstance(value, (list, tuple)):
            inner = ", ".join(show(item) for item in value)
            return f"[{inner}]" if isinstance(value, list) else f"({inner})"
        return labels.get(id(value), repr(value))

    for node in graph.nodes:
        if node.op == "placeholder":
            labels[id(node)] = node.name
        elif node.op == "call_function":
            arguments = [show(arg) for arg in node.args] + [f"{k}={show(v)}" for k, v in node.kwargs.items()]
            calls.append(f"{node.target}({', '.join(arguments)})")
            labels[id(node)] = f"%{len(calls) - 1}"
        else:
            calls.append(f"return {show(node.args[0])}")
    return "; ".join(calls)


class FlopCounterAgainstTorch(unittest.TestCase):
    def test_every_recorded_program(self):
        cases = read_cases("flops")
        self.assertGreater(len(cases), 5)
        for statement, expected in cases:
            with self.subTest(statement=statement):
                total, counts = expected.split(" counts=")
                torch_counts = {}
                for name, flops in ast.literal_eval(counts).items():
                    name = COMPOSITE_MATMUL.get(name, name)
                    torch_counts[name] = torch_counts.get(name, 0) + flops
                with FlopCounterMode() as counter:
                    eval(statement, names())  # noqa: S307 (the data's statements)
                self.assertEqual(f"total={counter.get_total_flops()}", total)
                self.assertEqual(counter.get_flop_counts(), torch_counts)

    def test_backward_calls_are_counted_too(self):
        # The engine runs on this thread, so the mode sees the backward's calls.
        a = mini_torch.tensor([1.0, 2.0], requires_grad=True)
        loss = (a * a).sum()
        with FlopCounterMode() as counter:
            loss.backward()
        self.assertGreater(counter.get_total_flops(), 0)


class MakeFxAgainstTorch(unittest.TestCase):
    def test_every_recorded_function(self):
        cases = read_cases("trace")
        self.assertGreater(len(cases), 3)
        for function, expected in cases:
            with self.subTest(function=function):
                f = eval(function, {"torch": mini_torch})  # noqa: S307 (the data's functions)
                graph = make_fx(f)(mini_torch.tensor([1.0, 2.0]), mini_torch.tensor([3.0, 4.0]))
                self.assertEqual(render_graph(graph), expected)

    def test_the_graph_runs_again_on_other_inputs(self):
        graph = make_fx(lambda x, y: (x * y + x).sum())(mini_torch.tensor([1.0, 2.0]), mini_torch.tensor([3.0, 4.0]))
        self.assertEqual(graph(mini_torch.tensor([1.0, 1.0]), mini_torch.tensor([2.0, 5.0])).item(), 9.0)
        self.assertIn("def forward(x_1, y_1):", str(graph))

    def test_a_constant_is_refused(self):
        constant = mini_torch.tensor([1.0, 2.0])
        with self.assertRaisesRegex(RuntimeError, "a constant"):
            make_fx(lambda x: x + constant)(mini_torch.tensor([3.0, 4.0]))


if __name__ == "__main__":
    unittest.main()
