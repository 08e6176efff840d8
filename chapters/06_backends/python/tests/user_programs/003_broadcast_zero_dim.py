import torch

s = torch.tensor(2.0)
v = torch.tensor([1.0, 2.0, 3.0])
m = torch.ones(2, 3)
print(s * v)
print(v + m)
print((s + m).shape)
print(torch.tensor([[1.0, 2.0, 3.0]]) - torch.tensor([[1.0], [2.0]]))
