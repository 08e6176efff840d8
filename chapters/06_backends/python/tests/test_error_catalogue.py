"""Each message of the Python layer that docs/errors.md lists and no other
test raises: the call the catalogue's example names, and the message."""

import unittest

import mini_torch
from mini_torch import _C
from mini_torch.library import Library

ops = mini_torch.ops


class ErrorCatalogue(unittest.TestCase):
    def setUp(self):
        self.a = mini_torch.tensor([1.0, 2.0])

    def check(self, error, pattern, call):
        with self.assertRaisesRegex(error, pattern):
            call()

    def test_attribute_and_method_arguments(self):
        def set_requires_grad():
            self.a.requires_grad = 1

        def set_grad():
            self.a.grad = "x"

        self.check(TypeError, "^requires_grad must be a bool$", set_requires_grad)
        self.check(TypeError, "^assigned grad expected to be a Tensor or None but got grad of typestr$", set_grad)
        self.check(TypeError, r"^gradients can be either Tensors or None, but got str$", lambda: self.a.backward("x"))
        self.check(TypeError, r"^to\(\) received an invalid combination of arguments - got \(int\)",
                   lambda: self.a.to(3))
        self.check(TypeError, "^_set_grad_enabled takes a bool$", lambda: _C._set_grad_enabled(1))
        self.check(TypeError, r"^tensor\(\): argument 'dtype' must be torch.dtype, not str$",
                   lambda: mini_torch.tensor([1.0], dtype="x"))
        self.check(TypeError, r"^tensor\(\): argument 'device' must be torch.device, not int$",
                   lambda: mini_torch.tensor([1.0], device=3))

    def test_data_that_makes_no_tensor(self):
        self.check(Exception, r"^expected sequence of length 1 at dim 1 \(got 2\)$",
                   lambda: mini_torch.tensor([[1], [2, 3]]))
        self.check(TypeError, "^not a sequence$", lambda: mini_torch.tensor([[1], 2]))
        self.check(ValueError, "^too many dimensions 'str'$", lambda: mini_torch.tensor(["a"]))
        self.check(TypeError, "^new\\(\\): invalid data type 'str'$", lambda: mini_torch.tensor("abc"))
        self.check(RuntimeError, "^Could not infer dtype of NoneType$", lambda: mini_torch.tensor([None]))
        self.check(TypeError, "^tensor\\(\\): argument 'requires_grad' must be bool, not str$",
                   lambda: mini_torch.tensor([1.0], requires_grad="yes"))
        self.check(NotImplementedError, "^tensor\\(\\) of a list of tensors is not in mini_torch",
                   lambda: mini_torch.tensor([mini_torch.tensor(1.0)]))
        self.check(IndexError, "^Dimension specified as 0 but tensor has no dimensions$",
                   lambda: mini_torch.tensor(1.0).size(0))
        self.check(NotImplementedError, r"^Tensor\(...\), the legacy constructor, is not in mini_torch",
                   lambda: mini_torch.Tensor([1, 2]))
        self.check(TypeError, "^len\\(\\) of a 0-d tensor$", lambda: len(mini_torch.tensor(1.0)))

    def test_boxed_calls(self):
        a = self.a
        self.check(TypeError, r"^aten::neg\(\) takes 1 arguments but 2 were given$", lambda: ops.aten.neg.default(a, a))
        self.check(TypeError, r"^aten::add.Tensor\(\) missing value for argument 'other'$",
                   lambda: ops.aten.add.Tensor(a))
        self.check(TypeError, r"^aten::neg\(\) got an unexpected keyword argument$",
                   lambda: ops.aten.neg.default(a, b=a))
        self.check(TypeError, r"^aten::neg\(\): argument 'self' must be Tensor, not str$",
                   lambda: ops.aten.neg.default("x"))
        self.check(TypeError, "^aten.add: no overload takes these arguments:", lambda: ops.aten.add("x"))

    def test_ops_names(self):
        self.check(AttributeError, "^The underlying op of 'aten.add' has no overload name 'nosuch'$",
                   lambda: ops.aten.add.nosuch)
        self.check(TypeError, "^_dispatch_overload_names takes an operator's qualified name$",
                   lambda: _C._dispatch_overload_names(1))

    def test_library_misuse(self):
        self.check(ValueError, "Unsupported kind", lambda: Library("x", "BAD"))
        self.check(Exception, "^Unknown library kind BAD: DEF, IMPL or FRAGMENT$",
                   lambda: _C._DispatchLibrary("BAD", "x", ""))
        lib = Library("pyerrs", "DEF")
        self.check(TypeError, r"^define\(\) takes a schema string$", lambda: lib.define(3))
        self.check(TypeError, r"^Input function is required to be a callable but found type <class 'int'>$",
                   lambda: lib.impl("op", 3, "CPU"))
        lib.close()
        self.check(Exception, "^this Library has been closed$", lambda: lib.define("f(Tensor a) -> Tensor"))

    def test_set_up(self):
        self.check(TypeError, "^_initExtension expects a subclass of _TensorBase$", lambda: _C._initExtension(int))
        self.check(TypeError, "^_make_wrapper_subclass: cls must be a subclass of mini_torch.Tensor$",
                   lambda: mini_torch.Tensor._make_wrapper_subclass(int, (2,)))


if __name__ == "__main__":
    unittest.main()
