"""mini_torch.Tensor: the C type _C._TensorBase and what torch/_tensor.py
adds in Python. The operators (a + b) are the generated methods, as
_TensorBase's are in torch, so a wrong argument is reported as add()'s."""

from mini_torch import _C


class Tensor(_C._TensorBase):
    # A subclass's constructor makes its tensor with this (torch's
    # Tensor._make_wrapper_subclass), then keeps what it wraps on the object.
    _make_wrapper_subclass = staticmethod(_C._make_wrapper_subclass)

    __add__ = _C._TensorBase.add
    __sub__ = _C._TensorBase.sub
    __mul__ = _C._TensorBase.mul
    __truediv__ = _C._TensorBase.div
    __matmul__ = _C._TensorBase.matmul
    __neg__ = _C._TensorBase.neg
    __iadd__ = _C._TensorBase.add_
    __isub__ = _C._TensorBase.sub_
    __imul__ = _C._TensorBase.mul_
    __itruediv__ = _C._TensorBase.div_

    def size(self, dim=None):
        return self.shape if dim is None else self.shape[dim]

    def __len__(self):
        if not self.shape:
            raise TypeError("len() of a 0-d tensor")
        return self.shape[0]
