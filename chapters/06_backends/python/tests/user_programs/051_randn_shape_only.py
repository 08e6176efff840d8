import torch

r = torch.randn(3, 4)
print(r.shape, r.dtype)
r64 = torch.randn(2, dtype=torch.float64)
print(r64.shape, r64.dtype)
