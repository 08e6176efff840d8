"""mini_torch.Tensor: the C type _C._TensorBase and what torch/_tensor.py
adds in Python. The operators (a + b) are the generated methods, as
_TensorBase's are in torch, wrapped as 1.13 wraps them: a TypeError becomes
NotImplemented, so that Python then asks the other operand (2 * a asks
a.__rmul__(2)) and, when nothing fits, raises its own "unsupported operand
type(s)"."""

import functools
import sys as _sys

from mini_torch import _C
from mini_torch._composite import log_softmax as _log_softmax
from mini_torch._missing import missing_dunder, tensor_getattr
from mini_torch._size import Size


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
    __matmul__ = _wrap_type_error_to_not_implemented(_C._TensorBase.matmul)
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

    # What 1.13's Tensor.float(), .double(), ... are: to() with one dtype
    # (or device), the tensor itself when it has it already.
    def float(self):
        return self.to(_C.float32)

    def double(self):
        return self.to(_C.float64)

    def half(self):
        return self.to(_C.float16)

    def bfloat16(self):
        return self.to(_C.bfloat16)

    def long(self):
        return self.to(_C.int64)

    def bool(self):
        return self.to(_C.bool)

    def __getitem__(self, key):
        # Basic slicing, t[i:j] and t[i:j, ::2]: one slice.Tensor per slice,
        # dimension after dimension, as 1.13's applySlicing calls it, with
        # Python's slice as PySlice_Unpack reads it (an open end is the
        # largest index; slice() clamps). Where 1.13 gives back the tensor
        # itself (a whole dimension, 0:len:1) this calls slice all the same.
        # An int, None, ..., a list or a tensor as an index is not here.
        keys = key if isinstance(key, tuple) else (key,)
        if not all(isinstance(k, slice) for k in keys):
            from mini_torch._missing import not_in_mini_torch
            raise NotImplementedError(not_in_mini_torch(
                "indexing with anything but slices (Tensor.__getitem__ of an int, None, ..., a list or a tensor)"))
        steps = [1 if k.step is None else k.step for k in keys]
        if 0 in steps:
            raise ValueError("slice step cannot be zero")  # Python's own, from PySlice_Unpack
        if any(step < 0 for step in steps):
            raise ValueError("step must be greater than zero")  # 1.13's applySlice, before any count
        if self.dim() > 0 and len(keys) > self.dim():
            raise IndexError(f"too many indices for tensor of dimension {self.dim()}")
        result = self
        for dim, (k, step) in enumerate(zip(keys, steps)):
            start = 0 if k.start is None else k.start
            stop = _sys.maxsize if k.stop is None else k.stop
            result = _C._VariableFunctions.slice(result, dim, start, stop, step)  # a 0-d tensor: slice() refuses
        return result

    def log_softmax(self, dim, dtype=None):
        # 1.13's log_softmax.int, a CompositeImplicitAutograd kernel (_composite.py).
        return _log_softmax(self, dim, dtype)

    def cpu(self):
        return self.to("cpu")

    def cuda(self):
        return self.to("cuda")

    @property
    def shape(self):
        return Size(_C._TensorBase.shape.__get__(self))

    def size(self, dim=None):
        if dim is None:
            return self.shape
        if isinstance(dim, str):
            raise NotImplementedError(f"size('{dim}'), a dimension by name (named tensors), is not in mini_torch, "
                                      "the course's module")
        rank = self.dim()
        if rank == 0:
            raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
        if not -rank <= dim < rank:  # 1.13's maybe_wrap_dim
            raise IndexError(
                f"Dimension out of range (expected to be in range of [{-rank}, {rank - 1}], but got {dim})")
        return self.shape[dim]

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]

    def __format__(self, format_spec):
        # 1.13's Tensor.__format__: a 0-d tensor formats as its number.
        if self.dim() == 0 and type(self) is Tensor:
            return self.item().__format__(format_spec)
        return object.__format__(self, format_spec)

    def __getattr__(self, name):
        # Only for what neither this class nor _TensorBase has: a torch name
        # the module lacks raises that it is missing.
        return tensor_getattr(self, name)


# The Python operators torch.Tensor has and this module's lacks: each raises
# that it is missing, where Python would otherwise fall back on a default
# of its own (t[0]: "not subscriptable", 1 / t: "unsupported operand").
for _name, _description in (
        ("__getitem__", "indexing"), ("__setitem__", "index assignment"), ("__iter__", "iterating over a tensor"),
        ("__contains__", "`in` on a tensor"), ("__reversed__", "reversed() of a tensor"),
        ("__pow__", "`**`"), ("__rpow__", "`**`"), ("__ipow__", "`**=`"), ("__abs__", "abs()"),
        ("__pos__", "unary `+`"), ("__mod__", "`%`"), ("__rmod__", "`%`"), ("__imod__", "`%=`"),
        ("__floordiv__", "`//`"), ("__rfloordiv__", "`//`"), ("__ifloordiv__", "`//=`"),
        ("__rtruediv__", "a number divided by a tensor"), ("__rmatmul__", "`@` with a tensor on the right"),
        ("__and__", "`&`"), ("__rand__", "`&`"), ("__iand__", "`&=`"), ("__or__", "`|`"), ("__ror__", "`|`"),
        ("__ior__", "`|=`"), ("__xor__", "`^`"), ("__rxor__", "`^`"), ("__ixor__", "`^=`"), ("__invert__", "`~`"),
        ("__lshift__", "`<<`"), ("__rlshift__", "`<<`"), ("__ilshift__", "`<<=`"), ("__rshift__", "`>>`"),
        ("__rrshift__", "`>>`"), ("__irshift__", "`>>=`"), ("__deepcopy__", "copy.deepcopy()"),
        ("__array__", "conversion to a numpy array")):
    if _name not in Tensor.__dict__ and _name not in _C._TensorBase.__dict__:
        setattr(Tensor, _name, missing_dunder(_name, _description))
