import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Show(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        print(func, [type(a).__name__ for a in args], sorted(kwargs))
        return func(*args, **kwargs)

with Show():
    a = torch.zeros(2)
    b = torch.ones(2, 2, dtype=torch.int64)
    c = torch.full((2,), 3.0)
    d = torch.arange(3)
    e = torch.tensor([1.0, 2.0])
print(a, b, c, d, e)
