import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.ones(2, 3)
a += b
print(a)
