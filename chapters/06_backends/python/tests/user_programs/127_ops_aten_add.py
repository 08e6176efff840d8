import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
print(torch.ops.aten.add.Tensor(a, b))
print(torch.ops.aten.add.Tensor(a, b, alpha=2))
print(torch.ops.aten.add.Tensor)
print(torch.ops.aten.add.Tensor._schema)
print(torch.ops.aten.add)
