import torch

print(torch.ops.aten.add.Tensor(torch.tensor([1.0]), "x"))
