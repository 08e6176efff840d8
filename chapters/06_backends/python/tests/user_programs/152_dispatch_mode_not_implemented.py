import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Decline(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        return NotImplemented

x = torch.tensor([1.0])
try:
    with Decline():
        torch.neg(x)
except TypeError as e:
    print(type(e).__name__, str(e).split(" nor ")[0])
print(torch.neg(x))
