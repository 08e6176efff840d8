import torch

a = torch.tensor([1.0, 2.0])
print(torch.ops.aten.add(a, a))
print(torch.ops.aten.neg(a))
print(torch.ops.aten.mul(a, a))
