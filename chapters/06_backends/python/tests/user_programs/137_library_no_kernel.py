import torch
from torch.library import Library

lib = Library("myops_d", "DEF")
lib.define("nokernel(Tensor x) -> Tensor")
try:
    torch.ops.myops_d.nokernel(torch.tensor([1.0]))
except Exception as e:
    print(type(e).__name__)
    print(str(e).splitlines()[0])
