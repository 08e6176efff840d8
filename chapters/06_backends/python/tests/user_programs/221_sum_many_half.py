import torch

h = torch.full((10000,), 0.1, dtype=torch.float16)
print(h.sum())
b = torch.full((10000,), 0.1, dtype=torch.bfloat16)
print(b.sum())
print(torch.ones(5000, dtype=torch.float16).sum())
