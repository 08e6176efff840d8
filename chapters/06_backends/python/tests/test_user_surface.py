"""What a PyTorch user does with a tensor beyond calling operators, against
torch 1.13's behaviour and texts (issue 40's examples; the texts are 1.13's,
as docs/errors.md lists them): truth values and elements, int64 kept exact,
dtypes inferred by factories, .grad accumulated in place and checked when
assigned, backward's keywords, Python exceptions that keep their type, a
second Library.impl refused, printing, and what the module lacks refused
by name."""

import operator
import unittest
import warnings

import mini_torch
from mini_torch.library import Library

NOT_IN = "is not in mini_torch"


class Elements(unittest.TestCase):
    def test_truth_value_follows_the_element(self):
        self.assertFalse(bool(mini_torch.tensor([0.0])))
        self.assertTrue(bool(mini_torch.tensor([2.0])))
        self.assertFalse(bool(mini_torch.tensor(0)))
        self.assertTrue(bool(mini_torch.tensor(True)))

    def test_truth_value_of_several_or_no_elements_is_refused(self):
        with self.assertRaisesRegex(RuntimeError, "^Boolean value of Tensor with more than one value is ambiguous$"):
            bool(mini_torch.tensor([1.0, 2.0]))
        with self.assertRaisesRegex(RuntimeError, "^Boolean value of Tensor with no values is ambiguous$"):
            bool(mini_torch.tensor([]))

    def test_item_int_float_index(self):
        self.assertEqual(mini_torch.tensor(2.5).item(), 2.5)
        self.assertEqual(int(mini_torch.tensor(2.5)), 2)
        self.assertEqual(float(mini_torch.tensor(3)), 3.0)
        self.assertIs(mini_torch.tensor(True).item(), True)
        self.assertEqual(operator.index(mini_torch.tensor([2])), 2)
        with self.assertRaisesRegex(ValueError, "^only one element tensors can be converted to Python scalars$"):
            mini_torch.tensor([1, 2]).item()
        with self.assertRaisesRegex(TypeError, "^only integer tensors of a single element can be converted"):
            operator.index(mini_torch.tensor(2.5))

    def test_int64_never_passes_through_a_double(self):
        big = 2**62 + 1
        t = mini_torch.tensor([big, -2**63, 2**63 - 1])
        self.assertEqual(t.tolist(), [big, -2**63, 2**63 - 1])
        self.assertEqual(mini_torch.tensor(big).item(), big)
        self.assertEqual(repr(t), "tensor([ 4611686018427387905, -9223372036854775808,  9223372036854775807])")
        self.assertEqual((mini_torch.tensor([big]) * 2).tolist(), [-9223372036854775806])  # wraps, as 1.13
        with self.assertRaisesRegex(RuntimeError, "^Overflow when unpacking long$"):
            mini_torch.tensor([2**63])


class Data(unittest.TestCase):
    def test_a_float_an_integral_dtype_cannot_hold_is_refused(self):
        for value in (float("inf"), float("nan"), 1e19):
            with self.assertRaisesRegex(RuntimeError, "^value cannot be converted to type int64 without overflow$"):
                mini_torch.tensor([value], dtype=mini_torch.int64)
        self.assertEqual(mini_torch.tensor([1.5, -2.5], dtype=mini_torch.int64).tolist(), [1, -2])

    def test_a_tensor_is_copied_with_1_13s_warning(self):
        source = mini_torch.tensor([1, 2], requires_grad=False)
        with self.assertWarnsRegex(UserWarning, "^To copy construct from a tensor, it is recommended"):
            copy = mini_torch.tensor(source)
        self.assertEqual((copy.tolist(), copy.dtype), ([1, 2], mini_torch.int64))
        self.assertNotEqual(copy._cdata, source._cdata)

    def test_messages_are_1_13s_without_the_operator(self):
        # C++ reads "add: The size of tensor a ..."; Python gets 1.13's text.
        with self.assertRaisesRegex(RuntimeError, "^The size of tensor a \\(2\\) must match the size of tensor b"):
            mini_torch.ones(2).mul(mini_torch.ones(3))
        with self.assertRaisesRegex(RuntimeError, "^result type Float can't be cast to the desired output type Long$"):
            mini_torch.ones(2, dtype=mini_torch.int64).add_(mini_torch.ones(2))


class Conversions(unittest.TestCase):
    def test_to_takes_1_13s_signatures(self):
        a = mini_torch.ones(2)
        self.assertIs(a.to(mini_torch.float32), a)
        self.assertIsNot(a.to(mini_torch.float32, copy=True), a)
        self.assertEqual(a.to(dtype=mini_torch.float64).dtype, mini_torch.float64)
        self.assertEqual(a.to("cpu", mini_torch.float64).dtype, mini_torch.float64)
        self.assertEqual(a.to(device="cpu").dtype, mini_torch.float32)
        self.assertEqual(a.to(mini_torch.ones(1, dtype=mini_torch.int64)).dtype, mini_torch.int64)
        with self.assertRaisesRegex(TypeError, "^to\\(\\) received an invalid combination of arguments"):
            a.to(mini_torch.float64, mini_torch.float32)

    def test_dtype_shorthands_and_properties(self):
        a = mini_torch.tensor([1.5, -2.0])
        self.assertEqual(a.long().tolist(), [1, -2])
        self.assertEqual(a.bool().tolist(), [True, True])
        self.assertEqual(a.double().dtype, mini_torch.float64)
        self.assertIs(a.float(), a)
        self.assertEqual(repr(mini_torch.float32), "torch.float32")
        self.assertTrue(mini_torch.float32.is_floating_point)
        self.assertFalse(mini_torch.int64.is_floating_point)
        self.assertFalse(mini_torch.bool.is_signed)

    def test_requires_grad_follows_1_13(self):
        y = mini_torch.ones(2, requires_grad=True) * 2.0
        self.assertIs(y.requires_grad_(), y)  # already requires grad: nothing to change
        with self.assertRaisesRegex(RuntimeError, "^you can only change requires_grad flags of leaf variables. If"):
            y.requires_grad_(False)
        with self.assertRaisesRegex(RuntimeError, "^you can only change requires_grad flags of leaf variables.$"):
            y.requires_grad = True
        with self.assertRaisesRegex(RuntimeError, "^only Tensors of floating point dtype can require gradients$"):
            mini_torch.ones(2, dtype=mini_torch.int64).requires_grad_()
        with self.assertRaisesRegex(RuntimeError, "^Only Tensors of floating point and complex dtype can require"):
            mini_torch.tensor([1], requires_grad=True)

    def test_matmul_with_a_number_is_pythons_error(self):
        with self.assertRaisesRegex(TypeError, "^unsupported operand type\\(s\\) for @"):
            mini_torch.ones(2, 2) @ 2


class Identity(unittest.TestCase):
    def test_a_tensor_comes_back_as_its_python_object(self):
        a = mini_torch.tensor([1.0, -2.0])
        self.assertIs(mini_torch.neg_(a), a)
        self.assertIs(a.add_(a), a)
        out = mini_torch.empty([2])
        self.assertIs(mini_torch.add(a, a, out=out), out)
        self.assertIs(a.to("cpu"), a)
        x = mini_torch.tensor([1.0], requires_grad=True)
        (x * 2.0).sum().backward()
        self.assertIs(x.grad, x.grad)

    def test_a_dropped_object_comes_back_new_with_the_same_tensor(self):
        x = mini_torch.tensor([1.0], requires_grad=True)
        (x * 2.0).sum().backward()
        grad = x.grad
        grad.note = "mine"
        cdata = grad._cdata
        del grad
        again = x.grad
        self.assertEqual(again._cdata, cdata)
        self.assertFalse(hasattr(again, "note"))


class Factories(unittest.TestCase):
    def test_dtype_inferred_from_python_numbers(self):
        self.assertEqual(mini_torch.arange(0, 5).dtype, mini_torch.int64)
        self.assertEqual(mini_torch.arange(0, 5).tolist(), [0, 1, 2, 3, 4])
        self.assertEqual(mini_torch.arange(0.0, 5).dtype, mini_torch.float32)
        self.assertEqual(mini_torch.arange(0, 5, 0.5).dtype, mini_torch.float32)
        self.assertEqual(mini_torch.arange(True, 3).dtype, mini_torch.int64)
        self.assertEqual(mini_torch.full((2,), 3).dtype, mini_torch.int64)
        self.assertEqual(mini_torch.full((2,), True).dtype, mini_torch.bool)
        self.assertEqual(mini_torch.full((2,), 3.5).dtype, mini_torch.float32)
        self.assertEqual(mini_torch.full((2,), 3, dtype=mini_torch.float64).dtype, mini_torch.float64)

    def test_an_int_a_double_cannot_hold_is_refused(self):
        with self.assertRaisesRegex(NotImplementedError, r"^full\(\) with the int 4611686018427387905, .* " + NOT_IN):
            mini_torch.full((2,), 2**62 + 1)
        self.assertEqual(mini_torch.full((1,), 2**53).tolist(), [2**53])


class Gradients(unittest.TestCase):
    def test_grad_accumulates_in_place(self):
        x = mini_torch.tensor([1.0, 2.0], requires_grad=True)
        (x * 3.0).sum().backward()
        kept = x.grad
        (x * 3.0).sum().backward()
        self.assertEqual(kept.tolist(), [6.0, 6.0])
        self.assertEqual(kept._cdata, x.grad._cdata)

    def test_assigned_grad_is_checked(self):
        x = mini_torch.tensor([1.0, 2.0], requires_grad=True)
        with self.assertRaisesRegex(RuntimeError, "^assigned grad has data of a different size$"):
            x.grad = mini_torch.ones(3)
        with self.assertRaisesRegex(RuntimeError, "^assigned grad has data of a different type$"):
            x.grad = mini_torch.ones(2, dtype=mini_torch.float64)
        with self.assertRaisesRegex(RuntimeError, "^can't assign Variable as its own grad$"):
            x.grad = x
        x.grad = mini_torch.ones(2)
        (x * 2.0).sum().backward()
        self.assertEqual(x.grad.tolist(), [3.0, 3.0])

    def test_backward_keywords(self):
        x = mini_torch.tensor([1.0, 2.0], requires_grad=True)
        y = (x.exp() * 2.0).sum()
        y.backward(retain_graph=True)
        y.backward()
        self.assertEqual([round(v, 4) for v in x.grad.tolist()], [10.8731, 29.5562])
        with self.assertRaisesRegex(RuntimeError, "^Trying to backward through the graph a second time"):
            y.backward()
        z = (x * 2.0).sum()
        with self.assertRaisesRegex(NotImplementedError, r"^backward\(create_graph=True\) " + NOT_IN):
            z.backward(create_graph=True)
        with self.assertRaisesRegex(NotImplementedError, r"^backward\(inputs=...\) " + NOT_IN):
            z.backward(inputs=[x])

    def test_backward_through_a_transposed_view(self):
        x = mini_torch.tensor([1.0, 2.0, 3.0, 4.0, 5.0, 6.0], requires_grad=True)
        y = x.view([3, 2]).t()
        (y * mini_torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])).sum().backward()
        self.assertEqual(x.grad.tolist(), [1.0, 4.0, 2.0, 5.0, 3.0, 6.0])


class PythonKernels(unittest.TestCase):
    def test_an_exception_keeps_its_type(self):
        lib = Library("surface_err", "DEF")
        lib.define("boom(Tensor self) -> Tensor")

        def boom(a):
            raise KeyError("mine")

        lib.impl("boom", boom, "CPU")
        with self.assertRaises(KeyError):
            mini_torch.ops.surface_err.boom(mini_torch.tensor([1.0]))
        lib.close()

    def test_a_second_impl_is_refused_and_the_first_stays(self):
        lib = Library("surface_twice", "DEF")
        lib.define("twice(Tensor self) -> Tensor")
        lib.impl("twice", lambda a: a * 2.0, "CPU")
        with self.assertRaisesRegex(RuntimeError, "^This is not allowed since there's already a kernel registered "
                                    "from python overriding twice's behavior for CPU dispatch key and surface_twice "
                                    "namespace.$"):
            lib.impl("twice", lambda a: a * 3.0, "CPU")
        with self.assertRaisesRegex(RuntimeError, "^impl should be passed either a name or an OpOverload"):
            lib.impl(3, lambda a: a, "CPU")
        self.assertEqual(mini_torch.ops.surface_twice.twice(mini_torch.tensor([1.0])).tolist(), [2.0])
        lib.close()
        again = Library("surface_twice", "FRAGMENT")
        again.impl("twice", lambda a: a * 3.0, "CPU")  # the first library is closed: allowed again
        again.close()


class Warnings(unittest.TestCase):
    def test_a_cpp_warning_is_a_python_warning(self):
        # An out= tensor with elements, resized: 1.13's TORCH_WARN, which
        # reaches Python as a UserWarning that filters can see.
        out = mini_torch.ones(3)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            mini_torch.add(mini_torch.ones(2), mini_torch.ones(2), out=out)
        self.assertEqual([w.category for w in caught], [UserWarning])
        self.assertRegex(str(caught[0].message), "^An output with one or more elements was resized")


class Packets(unittest.TestCase):
    def test_a_kernels_type_error_is_not_an_overload_error(self):
        lib = Library("surface_packet", "DEF")
        lib.define("f(Tensor self) -> Tensor")
        calls = []

        def f(a):
            calls.append(1)
            raise TypeError("kernel says bad type")

        lib.impl("f", f, "CPU")
        with self.assertRaisesRegex(TypeError, "^kernel says bad type$"):
            mini_torch.ops.surface_packet.f(mini_torch.ones(1))
        self.assertEqual(calls, [1])
        with self.assertRaisesRegex(TypeError, "^surface_packet.f: no overload takes these arguments"):
            mini_torch.ops.surface_packet.f(mini_torch.ones(1), 2)
        lib.close()

    def test_a_wrapper_subclass_must_define_torch_dispatch(self):
        class Bare(mini_torch.Tensor):
            pass

        with self.assertRaisesRegex(TypeError, "^Bare must define __torch_dispatch__$"):
            mini_torch.Tensor._make_wrapper_subclass(Bare, [2])
        self.assertTrue(callable(mini_torch._C._disabled_torch_function_impl))

    def test_a_wrapper_subclass_says_it_does_not_keep_its_device(self):
        # 1.13's wrapper reports the device given; the course's is a meta
        # tensor whatever it wraps, and says so rather than drop the device.
        class Wrapper(mini_torch.Tensor):
            @classmethod
            def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
                return func(*args, **(kwargs or {}))

        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            quiet = mini_torch.Tensor._make_wrapper_subclass(Wrapper, [2], device="meta")
            self.assertEqual(caught, [])
            wrapper = mini_torch.Tensor._make_wrapper_subclass(Wrapper, [2], device="cpu")
        self.assertEqual((str(quiet.device), str(wrapper.device)), ("meta", "meta"))
        self.assertEqual(len(caught), 1)
        self.assertIn("device='cpu' is not kept: the wrapper reports device='meta', where torch 1.13's reports 'cpu'",
                      str(caught[0].message))


class Printing(unittest.TestCase):
    def test_summarized_past_1000_elements(self):
        self.assertEqual(repr(mini_torch.arange(0, 2000)), "tensor([   0,    1,    2,  ..., 1997, 1998, 1999])")
        self.assertEqual(repr(mini_torch.ones(40, 40)),
                         "tensor([[1., 1., 1.,  ..., 1., 1., 1.],\n"
                         "        [1., 1., 1.,  ..., 1., 1., 1.],\n"
                         "        [1., 1., 1.,  ..., 1., 1., 1.],\n"
                         "        ...,\n"
                         "        [1., 1., 1.,  ..., 1., 1., 1.],\n"
                         "        [1., 1., 1.,  ..., 1., 1., 1.],\n"
                         "        [1., 1., 1.,  ..., 1., 1., 1.]])")

    def test_nan_and_shape(self):
        self.assertEqual(repr(mini_torch.tensor(0.0) / mini_torch.tensor(0.0)), "tensor(nan)")
        self.assertEqual(repr(mini_torch.tensor([float("nan"), 1.0, -float("inf")])), "tensor([nan, 1., -inf])")
        self.assertEqual(repr(mini_torch.ones(2, 3).shape), "torch.Size([2, 3])")
        self.assertEqual(mini_torch.ones(2, 3).size(-1), 3)
        self.assertEqual(f"{mini_torch.tensor(2.5):.3f}", "2.500")
        with self.assertRaisesRegex(IndexError, r"^Dimension out of range \(expected to be in range of \[-2, 1\]"):
            mini_torch.ones(2, 3).size(2)


class Missing(unittest.TestCase):
    def test_what_the_module_lacks_says_so(self):
        t = mini_torch.ones(2, 3)
        for what, call in (("torch.mean", lambda: mini_torch.mean(t)), ("Tensor.reshape", lambda: t.reshape(3, 2)),
                           ("indexing", lambda: t[0]), ("a number divided", lambda: 1 / t),
                           (r"`\*\*`", lambda: t ** 2),
                           ("torch.autograd.functional", lambda: mini_torch.autograd.functional)):
            with self.assertRaisesRegex(NotImplementedError, what + ".* " + NOT_IN):
                call()
        # torch.nn is there for the training script's functional loss
        # (nn.functional's log_softmax and nll_loss); its modules are not.
        with self.assertRaisesRegex(NotImplementedError, "^torch.nn.Linear " + NOT_IN):
            mini_torch.nn.Linear
        with self.assertRaisesRegex(NotImplementedError, "^torch.nn.functional.relu " + NOT_IN):
            mini_torch.nn.functional.relu
        with self.assertRaisesRegex(AttributeError, "^module 'torch.nn' has no attribute 'no_such_name'$"):
            mini_torch.nn.no_such_name
        with self.assertRaisesRegex(AttributeError, "^module 'torch' has no attribute 'no_such_name'$"):
            mini_torch.no_such_name
        with self.assertRaisesRegex(AttributeError, "^module 'torch.autograd' has no attribute 'no_such_name'$"):
            mini_torch.autograd.no_such_name
        with self.assertRaisesRegex(AttributeError, "^'Tensor' object has no attribute 'no_such_name'$"):
            t.no_such_name


if __name__ == "__main__":
    unittest.main()
