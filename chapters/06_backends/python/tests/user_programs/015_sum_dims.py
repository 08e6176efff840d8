import torch

m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(m.sum())
print(m.sum(0))
print(m.sum(1))
print(m.sum(dim=1, keepdim=True))
print(torch.sum(m, [0, 1]))
print(m.sum(-1))
