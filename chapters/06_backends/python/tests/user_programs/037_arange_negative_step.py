import torch

print(torch.arange(5, 0, -1))
print(torch.arange(10, 0, -3))
print(torch.arange(1.0, 0.0, -0.25))
print(torch.arange(0, 0))
