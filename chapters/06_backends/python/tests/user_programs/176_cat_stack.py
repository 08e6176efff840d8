import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0])
print(torch.cat([a, b]))
print(torch.stack([a, a]))
