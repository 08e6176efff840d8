import torch
from torch.library import Library
lib = Library("issue40", "DEF")
lib.define("boom(Tensor self) -> Tensor")


def boom(x):
    raise ValueError("bad value from my kernel")


lib.impl("boom", boom, "CPU")
try:
    torch.ops.issue40.boom(torch.tensor([1.0]))
except ValueError as e:
    print("ValueError", e)
