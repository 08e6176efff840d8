import torch

x = torch.tensor([4.0, -9.0])
print(torch.abs(x))
print(torch.sqrt(torch.abs(x)))
