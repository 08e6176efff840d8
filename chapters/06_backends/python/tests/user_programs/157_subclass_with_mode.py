import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Sub(torch.Tensor):
    __slots__ = ["elem"]

    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)
        r.elem = elem
        return r

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        print("subclass", func)
        return Sub(func(*[a.elem if isinstance(a, Sub) else a for a in args], **(kwargs or {})))

class Mode(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print("mode", func, [t.__name__ for t in types])
        return func(*args, **(kwargs or {}))

s = Sub(torch.tensor([1.0, 2.0]))
with Mode():
    r = torch.neg(s)
print(type(r).__name__, r.elem)
