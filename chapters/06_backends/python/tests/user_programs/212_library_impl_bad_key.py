import torch
from torch.library import Library

lib = Library("myops_l", "DEF")
lib.define("k(Tensor x) -> Tensor")
lib.impl("k", lambda x: x, "NotAKey")
print(torch.ops.myops_l.k(torch.tensor([1.0])))
