import torch

class LoggingTensor(torch.Tensor):
    __slots__ = ["elem"]

    @staticmethod
    def __new__(cls, elem):
        r = torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype, device=elem.device,
                                                requires_grad=elem.requires_grad)
        r.elem = elem
        return r

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        print("dispatch", func)
        def unwrap(x):
            return x.elem if isinstance(x, LoggingTensor) else x
        out = func(*[unwrap(a) for a in args], **{k: unwrap(v) for k, v in (kwargs or {}).items()})
        return LoggingTensor(out) if isinstance(out, torch.Tensor) else out

t = LoggingTensor(torch.tensor([1.0, 2.0]))
u = t * 2
v = torch.add(u, t)
w = v.neg()
print(type(w).__name__, w.elem)
print(w.shape, w.dtype)
