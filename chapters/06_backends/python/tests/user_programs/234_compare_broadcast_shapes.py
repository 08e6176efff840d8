import torch

a = torch.tensor([[1.0], [2.0]])
b = torch.tensor([0.5, 1.5, 2.5])
c = a < b
print(c)
print(c.shape)
print(torch.ge(a, b))
print((a == b).sum(0))
print((a == b).sum(1, keepdim=True))
print(torch.tensor([1.0, 2.0]) < torch.tensor([1.0, 2.0, 3.0]))
