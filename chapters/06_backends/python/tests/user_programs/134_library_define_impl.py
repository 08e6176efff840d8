import torch
from torch.library import Library

lib = Library("myops_a", "DEF")
lib.define("axpy(Tensor x, Tensor y, float alpha) -> Tensor")
lib.impl("axpy", lambda x, y, alpha: torch.add(y, x, alpha=alpha), "CPU")
x = torch.tensor([1.0, 2.0])
y = torch.tensor([10.0, 20.0])
print(torch.ops.myops_a.axpy(x, y, 2.0))
print(torch.ops.myops_a.axpy.default(x, y, 0.5))
print(torch.ops.myops_a.axpy.default._schema)
