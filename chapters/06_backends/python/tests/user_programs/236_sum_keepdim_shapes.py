import torch

x = torch.arange(24).view(2, 3, 4)
print(x.sum())
print(x.sum(0).shape, x.sum(1).shape, x.sum(2).shape)
print(x.sum(-1))
print(x.sum((1, 2)))
print(x.sum([0, 2], keepdim=True))
print(x.sum(dim=1, keepdim=True).shape)
print(torch.sum(x, 0, True).shape)
print(x.sum(0).dtype)
print(x.sum(3))
