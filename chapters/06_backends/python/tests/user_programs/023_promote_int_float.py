import torch

i = torch.tensor([1, 2])
f = torch.tensor([0.5, 0.5])
d = torch.tensor([0.5, 0.5], dtype=torch.float64)
print((i + f).dtype, i + f)
print((i * 2.5).dtype)
print((i * torch.tensor(2.5, dtype=torch.float64)).dtype)
print((f + d).dtype)
print((i + d).dtype)
