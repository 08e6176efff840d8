import torch

t = torch.arange(6)
print(t.reshape(2, 3))
