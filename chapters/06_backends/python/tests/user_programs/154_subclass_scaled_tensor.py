import torch

class Scaled(torch.Tensor):
    __slots__ = ["elem", "scale"]

    @staticmethod
    def __new__(cls, elem, scale):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)
        r.elem = elem
        r.scale = scale
        return r

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        scale = 1.0
        plain = []
        for a in args:
            if isinstance(a, Scaled):
                scale = a.scale
                plain.append(a.elem * a.scale)
            else:
                plain.append(a)
        out = func(*plain, **(kwargs or {}))
        return Scaled(out / scale, scale)

s = Scaled(torch.tensor([1.0, 2.0]), 10.0)
r = s + torch.tensor([1.0, 1.0])
print(type(r).__name__, r.elem, r.scale)
