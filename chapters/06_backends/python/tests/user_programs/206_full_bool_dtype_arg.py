import torch

print(torch.full((2,), 1, dtype=torch.bool))
print(torch.full((2, 1), -1.5, dtype=torch.int64))
print(torch.full((), 4.0))
