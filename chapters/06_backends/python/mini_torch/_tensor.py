"""mini_torch.Tensor: the C type _C._TensorBase and what torch/_tensor.py
adds in Python. The operators (a + b) are the generated methods, as
_TensorBase's are in torch, wrapped as 1.13 wraps them: a TypeError becomes
NotImplemented, so that Python then asks the other operand (2 * a asks
a.__rmul__(2)) and, when nothing fits, raises its own "unsupported operand
type(s)"."""

import functools

from mini_torch import _C


def _wrap_type_error_to_not_implemented(f):
    """1.13's TypeError_to_NotImplemented_ (python_variable_methods.cpp)."""
    @functools.wraps(f)
    def wrapped(*args, **kwargs):
        try:
            return f(*args, **kwargs)
        except TypeError:
            return NotImplemented
    return wrapped


class Tensor(_C._TensorBase):
    # A subclass's constructor makes its tensor with this (torch's
    # Tensor._make_wrapper_subclass), then keeps what it wraps on the object.
    _make_wrapper_subclass = staticmethod(_C._make_wrapper_subclass)

    __add__ = _wrap_type_error_to_not_implemented(_C._TensorBase.add)
    # 2 + a is a.add(2): addition and multiplication commute, so 1.13 binds
    # __radd__ and __rmul__ to add and mul themselves.
    __radd__ = _wrap_type_error_to_not_implemented(_C._TensorBase.add)
    __sub__ = _wrap_type_error_to_not_implemented(_C._TensorBase.sub)
    __mul__ = _wrap_type_error_to_not_implemented(_C._TensorBase.mul)
    __rmul__ = _wrap_type_error_to_not_implemented(_C._TensorBase.mul)
    __truediv__ = _wrap_type_error_to_not_implemented(_C._TensorBase.div)
    __matmul__ = _C._TensorBase.matmul
    __neg__ = _C._TensorBase.neg
    __iadd__ = _wrap_type_error_to_not_implemented(_C._TensorBase.add_)
    __isub__ = _wrap_type_error_to_not_implemented(_C._TensorBase.sub_)
    __imul__ = _wrap_type_error_to_not_implemented(_C._TensorBase.mul_)
    __itruediv__ = _wrap_type_error_to_not_implemented(_C._TensorBase.div_)
    # The comparisons, elementwise with a bool result, as 1.13 binds them
    # (python_variable_methods.cpp): a TypeError becomes NotImplemented, so
    # `a == "x"` is False (Python's identity fallback for == and !=, as in
    # torch) and `a < "x"` Python's own TypeError. `2 < a` needs no
    # __r*__: Python reflects it to a.__gt__(2).
    __eq__ = _wrap_type_error_to_not_implemented(_C._TensorBase.eq)
    __ne__ = _wrap_type_error_to_not_implemented(_C._TensorBase.ne)
    __lt__ = _wrap_type_error_to_not_implemented(_C._TensorBase.lt)
    __le__ = _wrap_type_error_to_not_implemented(_C._TensorBase.le)
    __gt__ = _wrap_type_error_to_not_implemented(_C._TensorBase.gt)
    __ge__ = _wrap_type_error_to_not_implemented(_C._TensorBase.ge)

    def __hash__(self):
        # A class that defines __eq__ loses its __hash__; 1.13's
        # torch/_tensor.py gives it back as the object's identity, so that a
        # tensor can still be a dict key or a set member.
        return id(self)

    @_wrap_type_error_to_not_implemented
    def __rsub__(self, other):
        # 2 - a: the operator rsub (other - self), as 1.13's torch/_tensor.py
        # calls it, so that a mode sees aten.rsub.Scalar(a, 2).
        return _C._VariableFunctions.rsub(self, other)

    def size(self, dim=None):
        return self.shape if dim is None else self.shape[dim]

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]
