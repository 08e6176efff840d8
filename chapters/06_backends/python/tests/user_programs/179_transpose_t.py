import torch

m = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(m.t())
print(m.t().shape)
print(m.t().t())
print(torch.t(m))
