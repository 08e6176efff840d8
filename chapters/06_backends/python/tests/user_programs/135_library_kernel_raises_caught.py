import torch
from torch.library import Library

lib = Library("myops_b", "DEF")
lib.define("checked(Tensor x) -> Tensor")

def checked(x):
    if x.sum().item() < 0:
        raise ValueError("negative input")
    return x * 2

lib.impl("checked", checked, "CPU")
print(torch.ops.myops_b.checked(torch.tensor([1.0, 2.0])))
try:
    torch.ops.myops_b.checked(torch.tensor([-5.0]))
except ValueError as e:
    print("ValueError:", e)
except Exception as e:
    print("other", type(e).__name__, e)
print(torch.ops.myops_b.checked(torch.tensor([3.0])))
