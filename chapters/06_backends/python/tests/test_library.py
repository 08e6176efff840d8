"""mini_torch.ops and mini_torch.library: operators as objects that call the
dispatcher boxed, and an operator defined and implemented in Python."""

import unittest

import mini_torch
from mini_torch.library import Library


class Ops(unittest.TestCase):
    def test_overload_objects_print_as_torchs(self):
        add = mini_torch.ops.aten.add.Tensor
        self.assertEqual(repr(add), "<OpOverload(op='aten.add', overload='Tensor')>")
        self.assertEqual(str(add), "aten.add.Tensor")
        self.assertEqual(str(add._schema), "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor")
        self.assertEqual(repr(mini_torch.ops.aten.add), "<OpOverloadPacket(op='aten.add')>")

    def test_boxed_call(self):
        a = mini_torch.tensor([1.0, 2.0])
        self.assertEqual(mini_torch.ops.aten.add.Tensor(a, a, alpha=3).tolist(), [4.0, 8.0])
        self.assertEqual(mini_torch.ops.aten.neg.default(a).tolist(), [-1.0, -2.0])

    def test_unknown_operator(self):
        with self.assertRaisesRegex(AttributeError, "^'_OpNamespace' 'aten' object has no attribute 'nosuchop'$"):
            mini_torch.ops.aten.nosuchop


class CustomOperator(unittest.TestCase):
    def test_defined_and_implemented_in_python(self):
        lib = Library("pyops", "DEF")
        lib.define("twice_plus(Tensor self, Tensor other) -> Tensor")
        calls = []

        def twice_plus_cpu(a, b):
            calls.append("CPU")
            return a + a + b

        lib.impl("twice_plus", twice_plus_cpu, "CPU")
        x = mini_torch.tensor([1.0, 2.0])
        result = mini_torch.ops.pyops.twice_plus(x, x)
        self.assertEqual(result.tolist(), [3.0, 6.0])
        self.assertEqual(calls, ["CPU"])
        lib.close()
        with self.assertRaises(AttributeError):
            mini_torch.ops.pyops.twice_plus_gone

    def test_a_python_kernel_error_reaches_the_caller(self):
        lib = Library("pyops_err", "DEF")
        lib.define("boom(Tensor self) -> Tensor")

        def boom(a):
            raise ValueError("kernel says no")

        lib.impl("boom", boom, "CPU")
        # The kernel's own exception, as in 1.13 (error_already_set): the
        # type and the message it raised, not a RuntimeError about it.
        with self.assertRaisesRegex(ValueError, "^kernel says no$"):
            mini_torch.ops.pyops_err.boom(mini_torch.tensor([1.0]))
        lib.close()


class Fallback(unittest.TestCase):
    """Library.fallback: one Python function for every operator that has no
    kernel of its own on the library's key; it gets `func` first."""

    def test_an_operator_without_a_kernel_reaches_the_fallback(self):
        ops_lib = Library("pyfb", "DEF")
        ops_lib.define("probe(Tensor self, Scalar scale) -> Tensor")
        calls = []

        def cpu_fallback(func, *args, **kwargs):
            calls.append((str(func), len(args), sorted(kwargs)))
            return args[0] * args[1]

        fallback_lib = Library("_", "IMPL", "CPU")
        fallback_lib.fallback(cpu_fallback)
        try:
            x = mini_torch.tensor([1.0, 2.0])
            self.assertEqual(mini_torch.ops.pyfb.probe(x, 2).tolist(), [2.0, 4.0])
            self.assertEqual(calls, [("pyfb.probe.default", 2, [])])
            # An operator with a CPU kernel of its own never sees it.
            self.assertEqual((x + x).tolist(), [2.0, 4.0])
            self.assertEqual(len(calls), 1)
        finally:
            fallback_lib.close()
        # Closed: the operator has no CPU kernel again.
        with self.assertRaisesRegex(RuntimeError, "pyfb::probe"):
            mini_torch.ops.pyfb.probe(mini_torch.tensor([1.0]), 2)
        ops_lib.close()

    def test_a_fallback_must_be_callable(self):
        lib = Library("_", "IMPL", "CPU")
        with self.assertRaisesRegex(TypeError, "fallback\\(\\) takes a callable kernel"):
            lib.fallback(42)
        lib.close()


if __name__ == "__main__":
    unittest.main()
