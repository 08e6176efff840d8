import torch

e = torch.empty(2, 3)
print(e.shape, e.dtype, e.dim(), e.numel())
e2 = torch.empty((4,), dtype=torch.int64)
print(e2.shape, e2.dtype)
e3 = torch.empty(0)
print(e3, e3.shape)
