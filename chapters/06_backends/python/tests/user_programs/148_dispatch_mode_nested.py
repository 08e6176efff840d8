import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Named(TorchDispatchMode):
    def __init__(self, name):
        self.name = name

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        print(self.name, func)
        return func(*args, **(kwargs or {}))

x = torch.tensor([1.0])
with Named("outer"):
    with Named("inner"):
        y = torch.neg(x)
print(y)
