"""`grad_fn` as an object, as 1.13 has it: the node's name(), its
next_functions down to the leaves' AccumulateGrad nodes, None where an
input wants no gradient, and is_leaf; against torch 1.13 on the same
statements (tests/data/, written by maint/reference/gen_python_grad_fn_data.py)."""

import os
import re
import unittest

import mini_torch

DATA = os.path.join(os.path.dirname(__file__), "data", "pytorch-1.13-python-grad-fn.txt")


def read_cases():
    with open(DATA, encoding="utf-8") as data:
        lines = [line.rstrip("\n") for line in data if not line.startswith("#")]
    cases = []
    for graph, gives in zip(lines[0::2], lines[1::2]):
        assert graph.startswith("graph ") and gives.startswith("gives "), (graph, gives)
        cases.append((graph[len("graph "):], gives[len("gives "):]))
    return cases


def node(fn, namespace):
    """The generator's notation: Type(next@input_nr, ...), AccumulateGrad[leaf]."""
    if fn is None:
        return "None"
    if type(fn).__name__ == "AccumulateGrad":
        # The same tensor (1.13 would give the same Python object too).
        leaf = next(name for name in ("a", "b", "c") if namespace[name]._cdata == fn.variable._cdata)
        return f"AccumulateGrad[{leaf}]"
    inputs = ", ".join(f"{node(next_fn, namespace)}@{index}" for next_fn, index in fn.next_functions)
    return f"{type(fn).__name__}({inputs})"


def describe(statement):
    namespace = {"torch": mini_torch,
                 "a": mini_torch.tensor([1.0, 2.0], requires_grad=True),
                 "b": mini_torch.tensor([3.0, 4.0], requires_grad=True),
                 "c": mini_torch.tensor([5.0, 6.0])}
    result = eval(statement, namespace)  # noqa: S307 (the data's statements)
    shown = re.sub(r"0x[0-9a-fA-F]+", "0x...", repr(result.grad_fn))
    name = None if result.grad_fn is None else result.grad_fn.name()
    return f"is_leaf={result.is_leaf} grad_fn={node(result.grad_fn, namespace)} name={name} repr={shown}"


class GradFnAgainstTorch(unittest.TestCase):
    def test_every_recorded_graph(self):
        cases = read_cases()
        self.assertGreater(len(cases), 10)
        for statement, expected in cases:
            with self.subTest(statement=statement):
                self.assertEqual(describe(statement), expected)


class GradFnObject(unittest.TestCase):
    def setUp(self):
        self.a = mini_torch.tensor([1.0, 2.0], requires_grad=True)
        self.y = (self.a * self.a).sum()

    def test_the_same_node_is_the_same_object(self):
        self.assertIs(self.y.grad_fn, self.y.grad_fn)
        mul = self.y.grad_fn.next_functions[0][0]
        self.assertIs(mul.next_functions[0][0], mul.next_functions[1][0])

    def test_a_leaf_node_fills_the_leaf(self):
        accumulate = self.y.grad_fn.next_functions[0][0].next_functions[0][0]
        # The leaf itself, as another Python object: the course's plain
        # tensors do not keep theirs (1.13's TensorImpl does).
        self.assertEqual(accumulate.variable._cdata, self.a._cdata)
        self.assertEqual(accumulate.next_functions, ())
        self.assertEqual(accumulate.name(), "torch::autograd::AccumulateGrad")  # as 1.13's

    def test_a_node_type_is_per_name_and_cannot_be_made(self):
        self.assertEqual(type(self.y.grad_fn).__name__, "SumBackward0")
        self.assertEqual(type(self.y.grad_fn).__module__, "builtins")
        self.assertIs(type(self.y.grad_fn), type((self.a + 1).sum().grad_fn))
        with self.assertRaises(TypeError):
            type(self.y.grad_fn)()

    def test_grad_fn_is_read_only(self):
        with self.assertRaises(AttributeError):
            self.y.grad_fn = None


if __name__ == "__main__":
    unittest.main()
