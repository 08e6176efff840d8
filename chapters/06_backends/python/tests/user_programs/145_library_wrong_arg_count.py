import torch
from torch.library import Library

lib = Library("myops_k", "DEF")
lib.define("one(Tensor x) -> Tensor")
lib.impl("one", lambda x: x, "CPU")
print(torch.ops.myops_k.one(torch.tensor([1.0]), torch.tensor([2.0])))
