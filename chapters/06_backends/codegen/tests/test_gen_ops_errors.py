"""ch06.codegen.errors: a broken ops.yaml names the file, the line and the problem."""

import contextlib
import io
import os
import sys
import tempfile
import textwrap
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from gen_ops import main  # noqa: E402
from model import OpsYamlError, load_operators  # noqa: E402

GOOD_ADD = """\
- func: add.out(Tensor self, Tensor other, *, Tensor(a!) out) -> Tensor(a!)
  structured: True
  dispatch:
    CPU: ufunc_add_CPU
"""


class BrokenYaml(unittest.TestCase):
    def error_of(self, text: str) -> str:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "ops.yaml")
            with open(path, "w", encoding="utf-8") as stream:
                stream.write(textwrap.dedent(text))
            with self.assertRaises(OpsYamlError) as raised:
                load_operators([(path, "ops.yaml")])
            return str(raised.exception)

    def test_missing_schema(self):
        self.assertEqual(self.error_of(GOOD_ADD + "- structured_delegate: add.out\n"),
                         "ops.yaml:5: entry has no 'func:' (the operator's schema)")

    def test_unknown_key(self):
        self.assertEqual(self.error_of(GOOD_ADD + "  structurd_delegate: add.out\n"),
                         "ops.yaml:5: unknown key 'structurd_delegate' (known: func, variants, structured, "
                         "structured_delegate, dispatch, manual_cpp_binding)")

    def test_unknown_variant(self):
        self.assertEqual(self.error_of("- func: neg(Tensor self) -> Tensor\n  variants: function, methd\n"
                                       "  dispatch:\n    CPU: neg_cpu\n"),
                         "ops.yaml:2: neg: unknown variant 'methd' in 'variants: function, methd' "
                         "(known: function, method)")

    def test_a_method_needs_self(self):
        self.assertEqual(self.error_of("- func: threshold_backward(Tensor grad_output, Tensor input) -> Tensor\n"
                                       "  variants: method\n  dispatch:\n    CPU: threshold_backward_cpu\n"),
                         "ops.yaml:2: threshold_backward: 'variants: method' needs a Tensor argument named self "
                         "(the tensor the method is called on)")

    def test_delegate_to_a_missing_operator(self):
        self.assertEqual(self.error_of(GOOD_ADD + "- func: sub.Tensor(Tensor self, Tensor other) -> Tensor\n"
                                                  "  structured_delegate: sub.out\n"),
                         "ops.yaml:5: sub.Tensor: structured_delegate 'sub.out' is not an operator in ops.yaml")

    def test_bad_schema(self):
        self.assertEqual(self.error_of("- func: add.out(Tensor self, Tensr other) -> Tensor\n"),
                         "ops.yaml:1: schema 'add.out(Tensor self, Tensr other) -> Tensor': argument 'other' has "
                         "unknown type 'Tensr' (known: Tensor, int[], int, int?, SymInt, SymInt?, bool, float, Scalar, "
                         "ScalarType, Device)")

    def test_schema_without_arrow(self):
        self.assertIn("ops.yaml:1: schema 'add(Tensor self)' is not `name[.overload](arguments) -> returns`",
                      self.error_of("- func: add(Tensor self)\n"))

    def test_structured_needs_an_out_argument(self):
        self.assertEqual(self.error_of("- func: neg(Tensor self) -> Tensor\n  structured: True\n"
                                       "  dispatch:\n    CPU: neg_cpu\n"),
                         "ops.yaml:1: neg: a structured operator is the out= variant "
                         "(it needs a `*, Tensor(a!) out` argument)")

    def test_unknown_backend(self):
        self.assertEqual(self.error_of(GOOD_ADD + "    XLA: add_xla\n"),
                         "ops.yaml:5: add.out: unknown dispatch key 'XLA' (known: CPU, CUDA; "
                         "Meta comes from meta() by itself)")

    def test_a_structured_operator_has_no_meta_line(self):
        self.assertEqual(self.error_of(GOOD_ADD + "    Meta: add_meta\n"),
                         "ops.yaml:5: add.out: unknown dispatch key 'Meta' (known: CPU, CUDA; "
                         "Meta comes from meta() by itself)")

    def test_unknown_key_of_a_plain_operator(self):
        self.assertEqual(self.error_of("- func: sin(Tensor self) -> Tensor\n  dispatch:\n    CPU, XLA: sinCpu\n"),
                         "ops.yaml:3: sin: unknown dispatch key 'XLA' (known: CPU, CUDA, Meta, BackendSelect, "
                         "CompositeExplicitAutograd, CompositeImplicitAutograd)")

    def test_a_plain_operator_needs_a_kernel(self):
        self.assertEqual(self.error_of("- func: sin(Tensor self) -> Tensor\n"),
                         "ops.yaml:1: sin: no kernel: give it 'dispatch:', or make it a structured_delegate variant")

    def test_a_view_returns_what_it_views(self):
        self.assertIn("an operator returns Tensor(a) exactly when the result views an argument",
                      self.error_of("- func: t(Tensor self) -> Tensor(a)\n  dispatch:\n    CPU: tCpu\n"))

    def test_delegate_arguments_must_be_the_inputs(self):
        self.assertEqual(self.error_of(GOOD_ADD + "- func: add.Tensor(Tensor self) -> Tensor\n"
                                                  "  structured_delegate: add.out\n"),
                         "ops.yaml:5: add.Tensor: its arguments (Tensor) are not the inputs of add.out "
                         "(Tensor, Tensor)")

    def test_defined_twice(self):
        self.assertEqual(self.error_of(GOOD_ADD + GOOD_ADD),
                         "ops.yaml:5: add.out is defined twice (first at ops.yaml:1)")

    def test_invalid_yaml(self):
        self.assertIn("ops.yaml:3: not valid YAML", self.error_of(GOOD_ADD[:60] + "\n  dispatch: [CPU\n"))


class ExerciseYamlAcrossFiles(unittest.TestCase):
    def generate(self, ops_yaml: str, exercise_yaml: str) -> tuple[int, str]:
        """Runs the generator on the two files; its exit status and its stderr."""
        with tempfile.TemporaryDirectory() as folder:
            for name, text in (("ops.yaml", ops_yaml), ("ops_exercise.yaml", exercise_yaml)):
                with open(os.path.join(folder, name), "w", encoding="utf-8") as stream:
                    stream.write(text)
            errors = io.StringIO()
            with contextlib.redirect_stderr(errors):
                status = main(["--yaml", os.path.join(folder, "ops.yaml"), "--exercise-yaml",
                               os.path.join(folder, "ops_exercise.yaml"), "--out", os.path.join(folder, "out"),
                               "--root", folder])
        return status, errors.getvalue()

    def test_an_exercise_entry_delegates_only_within_its_file(self):
        status, errors = self.generate(GOOD_ADD, "- func: add.Tensor(Tensor self, Tensor other) -> Tensor\n"
                                                 "  structured_delegate: add.out\n")
        self.assertEqual(status, 1)
        self.assertEqual(errors,
                         "error: ops_exercise.yaml:1: add.Tensor: structured_delegate 'add.out' is in ops.yaml; "
                         "an exercise's entries delegate only to entries of their own file\n")

    def test_an_exercise_entry_gets_no_method(self):
        status, errors = self.generate(GOOD_ADD, "- func: neg(Tensor self) -> Tensor\n"
                                                 "  variants: function, method\n  dispatch:\n    CPU: neg_cpu\n")
        self.assertEqual(status, 1)
        self.assertEqual(errors,
                         "error: ops_exercise.yaml:1: neg: an exercise's operator gets no Tensor method "
                         "('variants: function' only): methods are declared inside class Tensor, which every "
                         "file of the chapter includes, so one would rebuild the chapter\n")


if __name__ == "__main__":
    unittest.main()
