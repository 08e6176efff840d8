"""The operators that 1.13 registers as CompositeImplicitAutograd, written
in Python on the operators of ops.yaml.

1.13's log_softmax.int is a C++ kernel on the CompositeImplicitAutograd key
(aten/src/ATen/native/SoftMax.cpp, log_softmax): it converts to the dtype
asked for and calls _log_softmax. Such a kernel runs above autograd and
above the Python key, so a dispatch mode, make_fx and autograd see only what
it calls (aten._log_softmax.default). The course's code generator has no
optional ScalarType (`ScalarType? dtype=None`), so mini_torch writes the same
kernel here; what a mode sees is the same.
"""

from mini_torch import _C


def log_softmax(input, dim, dtype=None):
    """torch.log_softmax(input, dim, dtype=None), Tensor.log_softmax."""
    if dim is None:
        # 1.13 matches None to its other overload, log_softmax.Dimname,
        # and fails looking up a dimension by that name. (F.log_softmax
        # with no dim picks one, with a warning: _get_softmax_dim.)
        raise RuntimeError("Please look up dimensions by name, got: name = None.")
    if dtype is not None:
        input = input.to(dtype)
    return _C._VariableFunctions._log_softmax(input, dim, False)
