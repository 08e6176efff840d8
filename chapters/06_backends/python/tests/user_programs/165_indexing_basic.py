import torch

t = torch.tensor([[1, 2, 3], [4, 5, 6]])
print(t[0])
print(t[1, 2])
print(t[:, 1])
print(t[-1])
