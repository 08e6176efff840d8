import torch
import math

x = torch.tensor([0.0, 1.0, -1.0, 0.5])
print(torch.exp(x))
print(torch.sin(x))
print(torch.cos(x))
print(x.exp())
print(torch.tensor([math.pi]).sin().item() < 1e-6)
