import torch

z = torch.zeros(0, 3)
print(z.sum(0))
print(z.sum(1))
print(z.sum())
print(torch.zeros(0).sum().item())
print(torch.zeros(0, dtype=torch.int64).sum())
print(torch.ones(2, 0).sum(1, keepdim=True))
