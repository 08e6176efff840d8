import torch

t = torch.full((1000000,), 0.1)
print(t.sum())
print(t.sum().item())
print(torch.ones(3000000).sum().item())
