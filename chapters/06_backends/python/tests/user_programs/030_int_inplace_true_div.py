import torch

a = torch.tensor([2, 4, 6])
a /= 2
print(a)
