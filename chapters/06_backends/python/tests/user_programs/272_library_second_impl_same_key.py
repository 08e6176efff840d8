import torch
from torch.library import Library

lib = Library("ulib272", "DEF")
lib.define("twice(Tensor x) -> Tensor")
lib.impl("twice", lambda x: x * 2, "CPU")
print(torch.ops.ulib272.twice(torch.tensor([1.0, 2.0])))
try:
    lib.impl("twice", lambda x: x * 3, "CPU")
except Exception as e:
    print(type(e).__name__, e)
print(torch.ops.ulib272.twice(torch.tensor([1.0, 2.0])))
lib2 = Library("ulib272", "IMPL")
lib2.impl("twice", lambda x: x * 4, "CPU")
print(torch.ops.ulib272.twice(torch.tensor([1.0, 2.0])))
