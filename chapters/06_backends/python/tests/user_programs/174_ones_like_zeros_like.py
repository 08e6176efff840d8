import torch

x = torch.tensor([[1.0, 2.0]])
print(torch.zeros_like(x))
print(torch.ones_like(x))
