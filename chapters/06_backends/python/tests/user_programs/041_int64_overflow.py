import torch

t = torch.tensor([2 ** 63])
print(t)
