import torch

m = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
n = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
v = torch.tensor([1.0, -1.0, 2.0])
print(m @ n)
print(torch.matmul(m, v))
print(v @ v)
print((m @ n).shape, (m @ v).shape, (v @ v).shape)
print(torch.matmul(v, n))
