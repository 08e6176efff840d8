import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Show(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        print(func, "returns self" if len(args) > 0 and out is args[0] else "returns new")
        return out

a = torch.tensor([1.0, 2.0])
with Show():
    a.add_(1)
    a.mul_(torch.tensor(2.0))
    a.copy_(torch.tensor([5.0, 6.0]))
    a.fill_(0.5)
    a += 1
    b = a.view(2, 1)
    c = a.clone()
print(a, b.shape, c)
