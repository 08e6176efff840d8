import torch
from torch.library import Library

lib = Library("myops_i", "DEF")
lib.define("bad(Tensor x) -> Tensor")
lib.impl("bad", lambda x: 42, "CPU")
r = torch.ops.myops_i.bad(torch.tensor([1.0]))
print(type(r).__name__, r)
