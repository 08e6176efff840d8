import torch

t = torch.ones(2, 3)
print(t.sum(2))
