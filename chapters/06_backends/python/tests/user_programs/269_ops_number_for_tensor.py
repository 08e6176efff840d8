import torch

a = torch.tensor([1.0, 2.0])
print(torch.ops.aten.mul.Tensor(a, torch.tensor(3.0)))
print(torch.ops.aten.add.Tensor(a, a, alpha=2))
print(torch.ops.aten.mul.Tensor(a, 2))
