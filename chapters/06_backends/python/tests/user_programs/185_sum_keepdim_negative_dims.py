import torch

t = torch.arange(24.0).view(2, 3, 4)
print(t.sum([0, 2]))
print(t.sum(-1, keepdim=True).shape)
print(t.sum([-1, -2]))
