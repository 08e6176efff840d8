import torch
from torch.library import Library

lib = Library("ulib253", "DEF")
lib.define("combine(Tensor x) -> Tensor")
lib.impl("combine", lambda x: x * 2, "CPU")
packet = torch.ops.ulib253.combine
print(packet(torch.tensor([1.0, 2.0])))
lib.define("combine.pair(Tensor x, Tensor y) -> Tensor")
lib.impl("combine.pair", lambda x, y: x + y, "CPU")
print(torch.ops.ulib253.combine.pair._schema)
print(torch.ops.ulib253.combine.pair(torch.tensor([1.0]), torch.tensor([2.0])))
