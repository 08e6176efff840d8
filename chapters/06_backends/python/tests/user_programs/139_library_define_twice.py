import torch
from torch.library import Library

lib = Library("myops_e", "DEF")
lib.define("twice(Tensor x) -> Tensor")
lib.define("twice(Tensor x) -> Tensor")
print("defined twice")
