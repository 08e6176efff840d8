import torch
from torch.library import Library

lib = Library("ulib275", "DEF")
lib.define("good(Tensor x) -> Tensor")
print("defined good")
lib.define("bad(Tensor x -> Tensor")
