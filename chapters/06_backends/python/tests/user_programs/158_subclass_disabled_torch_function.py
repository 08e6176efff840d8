import torch

class Plain(torch.Tensor):
    __slots__ = ["elem"]
    __torch_function__ = torch._C._disabled_torch_function_impl

    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)
        r.elem = elem
        return r

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        print("dispatch", func)
        return func(*[a.elem if isinstance(a, Plain) else a for a in args], **(kwargs or {}))

p = Plain(torch.tensor([1.0, 2.0]))
r = torch.mul(p, 3)
print(type(r).__name__, r)
