import torch

a = torch.full((3,), 2)
b = torch.full((3,), True)
c = torch.full((3,), 2.0)
print(a, a.dtype)
print(b, b.dtype)
print(c, c.dtype)
print(torch.full((2,), 2 ** 40))
print(torch.full((2,), 3, dtype=torch.float64))
