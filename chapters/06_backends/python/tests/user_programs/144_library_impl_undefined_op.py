import torch
from torch.library import Library

lib = Library("myops_j", "DEF")
lib.impl("neverdefined", lambda x: x, "CPU")
print(torch.ops.myops_j.neverdefined(torch.tensor([1.0])))
