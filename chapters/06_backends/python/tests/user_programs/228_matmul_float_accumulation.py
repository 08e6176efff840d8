import torch

a = torch.full((1, 4096), 0.1)
b = torch.full((4096, 1), 0.3)
print((a @ b).item())
m = torch.arange(0.0, 12.0).view(3, 4) / 7
print((m @ m.t()).tolist())
