import torch

a = torch.tensor([1.0])
print(torch.mul(a))
