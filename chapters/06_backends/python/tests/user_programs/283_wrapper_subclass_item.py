import torch

class Wrap(torch.Tensor):
    __slots__ = ["elem"]

    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)
        r.elem = elem
        return r

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        print("dispatch", func)
        kwargs = kwargs or {}
        un = lambda t: t.elem if isinstance(t, Wrap) else t
        out = func(*[un(a) for a in args], **{k: un(v) for k, v in kwargs.items()})
        return Wrap(out) if isinstance(out, torch.Tensor) else out

w = Wrap(torch.tensor(4.0))
print(w.item())
print(w.elem.tolist())
