import torch

t = torch.tensor([])
print(t, t.shape, t.dtype, t.numel())
u = torch.tensor([[], []])
print(u, u.shape)
print(torch.zeros(0, 3).shape)
print(torch.ones(2, 0))
