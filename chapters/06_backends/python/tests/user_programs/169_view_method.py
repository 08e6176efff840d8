import torch

t = torch.arange(6)
print(t.view(2, 3))
print(t.view(-1, 2))
print(t.view(3, 2).shape)
