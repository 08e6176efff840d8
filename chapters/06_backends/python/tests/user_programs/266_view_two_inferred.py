import torch

a = torch.arange(12)
print(a.view(3, -1).shape)
print(a.view(-1).shape)
print(a.view(-1, -1))
