import torch
from torch.utils._python_dispatch import TorchDispatchMode

class AddIsSub(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func == torch.ops.aten.add.Tensor:
            return torch.ops.aten.sub.Tensor(*args, **(kwargs or {}))
        return func(*args, **(kwargs or {}))

a = torch.tensor([5.0, 6.0])
b = torch.tensor([1.0, 2.0])
with AddIsSub():
    print(a + b)
    print(a * b)
print(a + b)
