import torch

t = torch.arange(6)
print(t.view(4, 2))
