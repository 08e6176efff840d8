import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
print(x.sum(dim=[]))
print(x.sum(dim=()))
print(x.sum([], keepdim=True))
print(x.sum(dim=None))
