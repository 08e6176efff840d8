import torch

t = torch.arange(0, 1, 0.1)
print(t.shape)
print(t)
print(torch.arange(1, 2.5, 0.5))
