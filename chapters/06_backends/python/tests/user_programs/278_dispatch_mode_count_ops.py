import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Count(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.names = []
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.names.append(str(func))
        return func(*args, **(kwargs or {}))

a = torch.tensor([1.0, -2.0, 3.0])
with Count() as c:
    m = a > 0
    n = m.sum()
    b = (a * 2 + 1).relu()
    s = b.sum(0, keepdim=True)
    f = a.float()
    d = a.double()
print(c.names)
print(n, s, d)
x = torch.tensor([1.0, 2.0], requires_grad=True)
with Count() as c:
    (x * x).sum().backward()
print(c.names)
print(x.grad)
