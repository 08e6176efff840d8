import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor(a)
b.add_(1)
print(a, b)
