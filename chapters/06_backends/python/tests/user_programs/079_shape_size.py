import torch

t = torch.zeros(2, 3, 4)
print(t.shape)
print(t.size())
print(t.size(1), t.size(-1))
print(t.dim(), t.numel())
print(t.shape[0], t.shape[-1])
print(type(t.shape).__name__)
print(tuple(t.shape), list(t.size()))
print(t.shape == (2, 3, 4))
print(t.ndim)
