"""ch06.codegen.autograd_errors: a broken derivatives.yaml names the file, the
line and the problem."""

import contextlib
import io
import os
import sys
import tempfile
import textwrap
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from gen_autograd import main  # noqa: E402
from load_derivatives import DerivativesYamlError, load_derivatives  # noqa: E402
from model import load_operators  # noqa: E402

CHAPTER = os.path.normpath(os.path.join(HERE, "..", ".."))
MUL = "- name: mul.Tensor(Tensor self, Tensor other) -> Tensor\n"


class BrokenDerivatives(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ops = load_operators([(os.path.join(CHAPTER, "ops.yaml"), "ops.yaml")])

    def error_of(self, text: str) -> str:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "derivatives.yaml")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(textwrap.dedent(text))
            with self.assertRaises(DerivativesYamlError) as raised:
                load_derivatives([(path, "derivatives.yaml")], self.ops)
            return str(raised.exception)

    def test_an_unknown_input_name(self):
        self.assertEqual(self.error_of(MUL + "  self: mul_tensor_backward(grad, other, self.scalar_type())\n"
                                             "  othr: mul_tensor_backward(grad, self, other.scalar_type())\n"),
                         "derivatives.yaml:3: mul.Tensor: a formula for 'othr', which is not an input "
                         "(inputs: self, other; known keys: name, result, output_differentiability)")

    def test_a_formula_for_a_non_differentiable_type(self):
        self.assertEqual(self.error_of("- name: sum.dim_IntList(Tensor self, int[1] dim, bool keepdim=False) "
                                       "-> Tensor\n"
                                       "  self: sum_backward(grad, self.sym_sizes(), dim, keepdim)\n"
                                       "  dim: grad\n"),
                         "derivatives.yaml:3: sum.dim_IntList: a formula for 'dim', a int[]: "
                         "only a Tensor input has a gradient")

    def test_an_operator_missing_from_ops_yaml(self):
        self.assertEqual(self.error_of("- name: tanh(Tensor self) -> Tensor\n  self: grad\n"),
                         "derivatives.yaml:1: tanh is not an operator of ops.yaml")

    def test_a_schema_that_is_not_ops_yaml_s(self):
        self.assertRegex(self.error_of("- name: neg(Tensor input) -> Tensor\n  input: neg(grad)\n"),
                         r"^derivatives.yaml:1: neg: the schema is not ops.yaml's "
                         r"\(ops.yaml:[0-9]+: neg\(Tensor self\) -> Tensor\)$")

    def test_an_entry_without_a_formula(self):
        self.assertEqual(self.error_of("- name: neg(Tensor self) -> Tensor\n  result: auto_element_wise\n"),
                         "derivatives.yaml:1: neg: no formula for any input")
        self.assertEqual(self.error_of("- name: neg(Tensor self) -> Tensor\n  output_differentiability: [True]\n"),
                         "derivatives.yaml:1: neg: no formula for any input")

    def test_an_entry_whose_result_is_not_differentiable_needs_no_formula(self):
        # The comparisons' entries: no node, and a kernel that only calls
        # the operator below autograd.
        from gen_autograd import generate
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "derivatives.yaml")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write("- name: lt.Tensor(Tensor self, Tensor other) -> Tensor\n"
                             "  output_differentiability: [False]\n")
            infos = load_derivatives([(path, "derivatives.yaml")], self.ops)
        files = generate(infos, self.ops)
        self.assertNotIn("LtBackward", files["mini/autograd/generated/Functions.h"])
        kernel = files["autograd/VariableType.cpp"].split("Tensor lt_Tensor(")[1].split("\n}\n")[0]
        self.assertIn("redispatch::lt(ks & kAfterAutogradKeySet, self, other)", kernel)
        self.assertNotIn("grad_fn", kernel)
        # Its out= overload gets the same kernel, not the fallback that
        # refuses an input that requires grad.
        out = files["autograd/VariableType.cpp"].split("Tensor& lt_out_Tensor_out(")[1].split("\n}\n")[0]
        self.assertIn("redispatch::lt_outf(ks & kAfterAutogradKeySet, self, other, out);", out)
        self.assertIn("return out;", out)
        self.assertIn('m.impl("lt.Tensor_out", mini::TORCH_FN<', files["autograd/VariableType.cpp"])

    def test_two_formulas_for_one_input(self):
        self.assertEqual(self.error_of("- name: atan2(Tensor self, Tensor other) -> Tensor\n"
                                       "  self, other: atan2_backward(grad, self, other, grad_input_mask)\n"
                                       "  other: grad\n"),
                         "derivatives.yaml:3: atan2: 'other' has two formulas")

    def test_an_operator_twice(self):
        self.assertEqual(self.error_of("- name: neg(Tensor self) -> Tensor\n  self: neg(grad)\n"
                                       "- name: neg(Tensor self) -> Tensor\n  self: grad\n"),
                         "derivatives.yaml:3: neg has two entries (first at derivatives.yaml:1)")

    def test_the_generator_prints_the_error_and_fails(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "derivatives.yaml")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write("- name: tanh(Tensor self) -> Tensor\n  self: grad\n")
            stderr = io.StringIO()
            with contextlib.redirect_stderr(stderr):
                status = main(["--derivatives", path, "--yaml", os.path.join(CHAPTER, "ops.yaml"),
                               "--out", os.path.join(folder, "out"), "--root", folder])
        self.assertEqual(status, 1)
        self.assertEqual(stderr.getvalue(), "error: derivatives.yaml:1: tanh is not an operator of ops.yaml\n")


if __name__ == "__main__":
    unittest.main()
