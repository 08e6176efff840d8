import torch
from torch.library import Library

seen = []
def kernel(x, s="not passed"):
    seen.append(repr(s))
    return x.clone()

lib = Library("ulib281", "DEF")
lib.define("shift(Tensor x, Scalar s=1) -> Tensor")
lib.impl("shift", kernel, "CPU")
x = torch.tensor([1.0])
torch.ops.ulib281.shift(x)
torch.ops.ulib281.shift(x, 1)
torch.ops.ulib281.shift(x, True)
torch.ops.ulib281.shift(x, 1.0)
torch.ops.ulib281.shift(x, 2)
torch.ops.ulib281.shift(x, s=False)
print(seen)
