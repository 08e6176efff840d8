import torch

print(torch.arange(5))
print(torch.arange(1, 4))
print(torch.arange(0, 1, 0.25))
print(torch.arange(5, dtype=torch.float32))
print(torch.arange(0.0, 3))
print(torch.arange(5).dtype, torch.arange(0.0, 3).dtype, torch.arange(0, 1, 0.5).dtype)
