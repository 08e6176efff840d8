import torch
from torch.utils._python_dispatch import TorchDispatchMode

class Refuse(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        raise RuntimeError(f"refused {func}")

x = torch.tensor([1.0])
try:
    with Refuse():
        torch.neg(x)
except RuntimeError as e:
    print("RuntimeError", e)
print(torch.neg(x))
