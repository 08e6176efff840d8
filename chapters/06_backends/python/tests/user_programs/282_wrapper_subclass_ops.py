import torch

class Wrap(torch.Tensor):
    __slots__ = ["elem"]

    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype, device=elem.device,
                                                requires_grad=elem.requires_grad)
        r.elem = elem
        return r

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        un = lambda t: t.elem if isinstance(t, Wrap) else t
        out = func(*[un(a) for a in args], **{k: un(v) for k, v in kwargs.items()})
        return Wrap(out) if isinstance(out, torch.Tensor) else out

w = Wrap(torch.tensor([1.0, -2.0, 3.0]))
r = (w * 2).relu() + 1
print(type(r).__name__, r.elem, r.shape, r.dtype)
s = r.sum()
print(type(s).__name__, s.elem)
c = w > 0
print(type(c).__name__, c.elem, c.dtype)
print(isinstance(w, torch.Tensor))
d = w.detach()
print(type(d).__name__, d.shape)
