import torch
from torch.library import Library

lib = Library("myops_c", "DEF")
lib.define("boom(Tensor x) -> Tensor")

def boom(x):
    raise ValueError("boom kernel refuses")

lib.impl("boom", boom, "CPU")
torch.ops.myops_c.boom(torch.tensor([1.0]))
