import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Logging(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        print("call", func, sorted(kwargs))
        return func(*args, **kwargs)

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
with Logging():
    c = a + b
    d = torch.mul(c, 2)
    e = torch.add(a, b, alpha=3)
    f = d.sum()
print(c, d, e, f)
