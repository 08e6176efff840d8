import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Kinds(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print(func, [type(a).__name__ for a in args], types)
        return func(*args, **(kwargs or {}))

a = torch.tensor([1.0, 2.0])
with Kinds():
    a * 2
    a + 1.5
    3 - a
    a.sum(0)
