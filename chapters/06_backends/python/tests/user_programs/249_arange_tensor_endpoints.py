import torch

n = torch.tensor(3)
print(n.dtype)
r = torch.arange(n)
print(r, r.dtype)
r = torch.arange(torch.tensor(1), torch.tensor(4))
print(r, r.dtype)
r = torch.arange(torch.tensor(0.5), 2)
print(r, r.dtype)
f = torch.full((2,), torch.tensor(2))
print(f, f.dtype)
