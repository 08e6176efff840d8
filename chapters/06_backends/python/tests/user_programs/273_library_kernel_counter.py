import torch
from torch.library import Library

calls = []
def kernel(x, y):
    calls.append((x.shape, y.shape))
    return torch.add(x, y, alpha=10)

lib = Library("ulib273", "DEF")
lib.define("addten(Tensor x, Tensor y) -> Tensor")
lib.impl("addten", kernel, "CPU")
a = torch.tensor([1.0, 2.0])
b = torch.tensor([[1.0], [2.0]])
r = torch.ops.ulib273.addten(a, b)
print(r)
print(r.shape, r.dtype)
print(calls)
print(torch.ops.ulib273.addten(torch.tensor([1, 2]), torch.tensor([3, 4])))
print(len(calls))
try:
    Library("aten", "DEF")
    print("a second DEF library for aten was accepted")
except RuntimeError as e:
    print("RuntimeError", str(e).split(";")[0])
