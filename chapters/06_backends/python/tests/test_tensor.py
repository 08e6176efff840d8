"""mini_torch's tensors from Python: creation, printing, dtypes, devices,
the factories, out= and in-place forms, autograd and no_grad."""

import unittest

import mini_torch


class Creation(unittest.TestCase):
    def test_dtype_is_inferred_from_the_data(self):
        self.assertIs(mini_torch.tensor([1.0, 2.0]).dtype, mini_torch.float32)
        self.assertIs(mini_torch.tensor([1, 2]).dtype, mini_torch.int64)
        self.assertIs(mini_torch.tensor([True, False]).dtype, mini_torch.bool)

    def test_nested_lists_round_trip(self):
        data = [[1.5, 2.0], [3.0, -4.25]]
        tensor = mini_torch.tensor(data)
        self.assertEqual(tensor.shape, (2, 2))
        self.assertEqual(tensor.tolist(), data)
        self.assertEqual(mini_torch.tensor([1, 2]).tolist(), [1, 2])

    def test_ragged_lists_are_refused(self):
        with self.assertRaisesRegex(ValueError, "expected sequence of length 2 at dim 1"):  # 1.13: ValueError
            mini_torch.tensor([[1.0, 2.0], [3.0]])

    def test_repr_is_torchs(self):
        self.assertEqual(repr(mini_torch.tensor([1.0, 2.5])), "tensor([1.0000, 2.5000])")
        self.assertEqual(repr(mini_torch.tensor([1.0], dtype=mini_torch.float64)), "tensor([1.], dtype=torch.float64)")

    def test_dtype_and_device_objects(self):
        self.assertEqual(repr(mini_torch.float32), "torch.float32")
        meta = mini_torch.device("meta")
        self.assertEqual(repr(meta), "device(type='meta')")
        self.assertEqual(str(mini_torch.device("cpu")), "cpu")
        tensor = mini_torch.zeros(2, 3, device=meta)
        self.assertEqual(tensor.device, meta)
        self.assertEqual(tensor.shape, (2, 3))


class Operators(unittest.TestCase):
    def test_function_method_and_operator_agree(self):
        a = mini_torch.tensor([1.0, 2.0])
        b = mini_torch.tensor([3.0, 5.0])
        self.assertEqual(mini_torch.add(a, b).tolist(), [4.0, 7.0])
        self.assertEqual(a.add(b, alpha=2).tolist(), [7.0, 12.0])
        self.assertEqual((a * b).tolist(), [3.0, 10.0])

    def test_out_writes_into_the_given_tensor(self):
        a = mini_torch.tensor([1.0, 2.0])
        out = mini_torch.empty(2)
        result = mini_torch.add(a, a, out=out)
        self.assertEqual(out.tolist(), [2.0, 4.0])
        self.assertEqual(result.tolist(), [2.0, 4.0])

    def test_in_place_method_returns_self(self):
        a = mini_torch.tensor([1.0, 2.0])
        self.assertIs(a.add_(a), a)
        self.assertEqual(a.tolist(), [2.0, 4.0])


class Autograd(unittest.TestCase):
    def test_backward_fills_grad(self):
        x = mini_torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
        y = (x * x).sum()
        self.assertEqual(y.grad_fn.name(), "SumBackward0")
        y.backward()
        self.assertEqual(x.grad.tolist(), [2.0, 4.0, 6.0])
        self.assertTrue(x.is_leaf)

    def test_no_grad_records_nothing(self):
        x = mini_torch.tensor([1.0], requires_grad=True)
        with mini_torch.no_grad():
            y = x * x
            self.assertFalse(mini_torch.is_grad_enabled())
        self.assertTrue(mini_torch.is_grad_enabled())
        self.assertFalse(y.requires_grad)

    def test_factory_requires_grad(self):
        self.assertTrue(mini_torch.ones(2, requires_grad=True).requires_grad)


if __name__ == "__main__":
    unittest.main()
