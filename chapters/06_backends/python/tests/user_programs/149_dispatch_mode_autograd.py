import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Record(TorchDispatchMode):
    def __init__(self):
        self.seen = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.seen.append(str(func))
        return func(*args, **(kwargs or {}))

x = torch.tensor([1.0, 2.0], requires_grad=True)
with Record() as mode:
    y = (x * x).sum()
print(mode.seen)
print(y.requires_grad, y.grad_fn.name())
y.backward()
print(x.grad)
