import torch
print(torch.arange(0, 5))
print(torch.arange(0, 5).dtype, torch.arange(0.0, 5).dtype, torch.arange(0, 5, 0.5).dtype, torch.arange(True, 3).dtype)
print(torch.full((2,), 3), torch.full((2,), 3).dtype)
print(torch.full((2,), True), torch.full((2,), True).dtype)
print(torch.full((2,), 3.5).dtype, torch.full((2,), 3, dtype=torch.float64).dtype)
