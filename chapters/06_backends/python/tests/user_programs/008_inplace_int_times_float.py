import torch

a = torch.tensor([1, 2, 3])
a *= 1.5
print(a)
