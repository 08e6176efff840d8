"""ch06.codegen.autograd_golden: the generated nodes and Autograd kernels have
the shape the lesson shows."""

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))

from gen_autograd import generate, main  # noqa: E402
from load_derivatives import load_derivatives  # noqa: E402
from model import load_operators  # noqa: E402

sys.path.insert(0, HERE)
from golden_files import check_golden  # noqa: E402

CHAPTER = os.path.normpath(os.path.join(HERE, "..", ".."))


def function_of(text: str, start: str) -> str:
    body = text[text.index(start):]
    return body[:body.index("\n}\n") + 3]


class GeneratedFiles(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.ops = load_operators([(os.path.join(CHAPTER, "ops.yaml"), "ops.yaml")])
        cls.infos = load_derivatives([(os.path.join(CHAPTER, "derivatives.yaml"), "derivatives.yaml")], cls.ops)
        cls.files = generate(cls.infos, cls.ops)
        cls.nodes = cls.files["mini/autograd/generated/Functions.h"]
        cls.applies = cls.files["autograd/Functions.cpp"]
        cls.kernels = cls.files["autograd/VariableType.cpp"]

    def test_node_names_are_1_13_s(self):
        names = {info.operator.schema.full_name: info.node for info in self.infos}
        self.assertEqual(names["add.Tensor"], "AddBackward0")
        self.assertEqual(names["sum"], "SumBackward0")
        self.assertEqual(names["sum.dim_IntList"], "SumBackward1")
        self.assertEqual(names["_to_copy"], "ToCopyBackward0")
        self.assertEqual(names["matmul"], "MmBackward0")
        self.assertEqual(names["fill_"], "FillBackward2")

    def test_the_node_of_mul_keeps_what_its_formulas_read(self):
        node = self.nodes[self.nodes.index("struct MulBackward0 : Node {"):]
        node = node[:node.index("\n};\n") + 4]
        self.assertEqual(node,
                         "struct MulBackward0 : Node {\n"
                         "  using Node::Node;\n"
                         "  std::string name() const override { return \"MulBackward0\"; }\n"
                         "  TensorList apply(TensorList&& grads) override;\n"
                         "  void releaseVariables() override {\n"
                         "    other_.resetData();\n"
                         "    self_.resetData();\n"
                         "  }\n"
                         "  ScalarType self_scalar_type{};\n"
                         "  SavedVariable other_{};\n"
                         "  SavedVariable self_{};\n"
                         "  ScalarType other_scalar_type{};\n"
                         "};\n")

    def test_apply_evaluates_each_formula_its_inputs_want(self):
        apply = function_of(self.applies, "TensorList MulBackward0::apply(")
        self.assertRegex(apply,
                         r"^TensorList MulBackward0::apply\(TensorList&& grads\) \{\n"
                         r"  const Tensor& grad = grads.at\(0\);\n"
                         r"  TensorList grad_inputs\(2\);\n"
                         r"  const Tensor other = other_.unpack\(name\(\)\);\n"
                         r"  const Tensor self = self_.unpack\(name\(\)\);\n"
                         r"  if \(needsInputGrad\(0\)\) \{  // derivatives.yaml:[0-9]+\n"
                         r"    grad_inputs\[0\] = mul_tensor_backward\(grad, other, self_scalar_type\);\n"
                         r"  \}\n"
                         r"  if \(needsInputGrad\(1\)\) \{  // derivatives.yaml:[0-9]+\n"
                         r"    grad_inputs\[1\] = mul_tensor_backward\(grad, self, other_scalar_type\);\n"
                         r"  \}\n"
                         r"  return grad_inputs;\n\}\n$")

    def test_one_formula_for_two_inputs_gets_the_mask(self):
        apply = function_of(self.applies, "TensorList Atan2Backward0::apply(")
        self.assertIn("const std::array<bool, 2> grad_input_mask{needsInputGrad(0), needsInputGrad(1)};", apply)
        self.assertIn("auto grad_result = atan2_backward(grad, self, other, grad_input_mask);", apply)

    def test_the_functional_kernel_of_add(self):
        kernel = function_of(self.kernels, "Tensor add_Tensor(")
        self.assertIn("    grad_fn->alpha = alpha;\n", kernel)  # other's formula reads alpha: the node saves it
        # 1.13's immediately invoked lambda: a frame of its own in gdb.
        self.assertIn("  auto _tmp = ([&]() {\n    AutoDispatchBelowADInplaceOrView guard;\n"
                      "    return redispatch::add(ks & kAfterAutogradKeySet, self, other, alpha);\n  })();\n"
                      "  auto result = std::move(_tmp);\n", kernel)
        self.assertIn("  if (grad_fn != nullptr) {\n    setHistory(result, grad_fn);\n  }\n", kernel)

    def test_the_lesson_s_mul_as_generated(self):
        """The files lesson 06 shows (codegen/tests/golden/): MulBackward0 and
        mul's Autograd kernel as the generator writes them. After a change
        of the generator: MINI_UPDATE_GOLDEN=1 python3 -m unittest test_gen_autograd_golden."""
        node = self.nodes[self.nodes.index("// derivatives.yaml:"):]
        node = node[node.index("struct MulBackward0 : Node {"):]
        node = node[:node.index("\n};\n") + 4]
        generated = {
            "MulBackward0.txt": node + "\n" + function_of(self.applies, "TensorList MulBackward0::apply("),
            "mul_Tensor.txt": function_of(self.kernels, "Tensor mul_Tensor("),
        }
        for name, text in generated.items():
            check_golden(self, name, text)

    def test_an_in_place_kernel_checks_saves_the_old_self_and_rebases(self):
        kernel = function_of(self.kernels, "Tensor& mul__Tensor(")
        self.assertIn("  checkInplace(self, {self, other});\n", kernel)
        self.assertIn("    if (grad_fn->needsInputGrad(1)) {\n"
                      "      grad_fn->self_ = SavedVariable(::mini::clone(self), false);\n    }\n", kernel)
        self.assertIn("    redispatch::mul_(ks & kAfterAutogradKeySet, self, other);\n", kernel)
        self.assertTrue(kernel.endswith("  if (grad_fn != nullptr) {\n    rebaseHistory(self, grad_fn);\n  }\n"
                                        "  return self;\n}\n"))

    def test_a_formula_that_reads_the_result_saves_it_after_the_call(self):
        self.assertIn("    setHistory(result, grad_fn);\n    grad_fn->result_ = SavedVariable(result, true);\n",
                      function_of(self.kernels, "Tensor exp("))
        self.assertIn("    rebaseHistory(self, grad_fn);\n    grad_fn->result_ = SavedVariable(self, true);\n",
                      function_of(self.kernels, "Tensor& exp_("))

    def test_the_autograd_row(self):
        self.assertIn('m.impl("add.Tensor", mini::TORCH_FN<&mini::autograd::VariableType::add_Tensor>);',
                      self.kernels)
        self.assertIn('m.impl("add_.Tensor", mini::TORCH_FN<&mini::autograd::VariableType::add__Tensor>);',
                      self.kernels)
        self.assertRegex(self.kernels, r'm.impl\("cos",  // [^\n]*: no formula\n')  # the fallback
        self.assertNotIn('"empty"', self.kernels)  # a factory has no tensor, so no Autograd key
        self.assertNotIn('"copy_"', self.kernels)  # written by hand, as in 1.13


class ExerciseFiles(unittest.TestCase):
    """Exercise 06.6's formula lands in Exercise* files only."""

    def test_the_exercise_s_formula(self):
        abs_ops = ("- func: abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n"
                   "  structured: True\n  dispatch:\n    CPU: abs_out_cpu\n"
                   "- func: abs(Tensor self) -> Tensor\n  structured_delegate: abs.out\n"
                   "- func: abs_(Tensor(a!) self) -> Tensor(a!)\n  structured_delegate: abs.out\n")
        abs_derivative = "- name: abs(Tensor self) -> Tensor\n  self: mul(grad, sgn(self))\n"
        with tempfile.TemporaryDirectory() as folder:
            for name, text in (("ops_exercise.yaml", abs_ops), ("derivatives_exercise.yaml", abs_derivative)):
                with open(os.path.join(folder, name), "w", encoding="utf-8") as stream:
                    stream.write(text)
            out = os.path.join(folder, "generated")
            self.assertEqual(main(["--derivatives", os.path.join(CHAPTER, "derivatives.yaml"),
                                   "--yaml", os.path.join(CHAPTER, "ops.yaml"),
                                   "--exercise-yaml", os.path.join(folder, "ops_exercise.yaml"),
                                   "--exercise-derivatives", os.path.join(folder, "derivatives_exercise.yaml"),
                                   "--out", out, "--root", folder]), 0)
            with open(os.path.join(out, "autograd", "ExerciseVariableType.cpp"), encoding="utf-8") as stream:
                kernels = stream.read()
            with open(os.path.join(out, "autograd", "VariableType.cpp"), encoding="utf-8") as stream:
                course = stream.read()
        self.assertIn('m.impl("abs_", mini::TORCH_FN<&mini::autograd::VariableType::abs_>);', kernels)
        self.assertIn("std::shared_ptr<generated::AbsBackward0> grad_fn;", kernels)
        self.assertNotIn("abs", course)


if __name__ == "__main__":
    unittest.main()
