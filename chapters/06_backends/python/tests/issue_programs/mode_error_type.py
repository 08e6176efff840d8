import torch
from torch.utils._python_dispatch import TorchDispatchMode


class Refuses(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        raise KeyError("mode says no")


try:
    with Refuses():
        torch.ones(2) + 1
except KeyError as e:
    print("KeyError", e)
