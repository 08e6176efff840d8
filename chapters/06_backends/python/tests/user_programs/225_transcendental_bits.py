import torch

x = torch.tensor([0.5, 1.5, 3.0, 10.0, 88.0, -20.0, 1e-3, 7.25])
print(torch.exp(x).tolist())
print(torch.sin(x).tolist())
print(torch.cos(x).tolist())
print(torch.atan2(x, torch.tensor([1.0, -2.0, 0.5, 3.0, 1.0, 1.0, -1.0, 2.0])).tolist())
