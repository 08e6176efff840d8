import torch

t = torch.tensor([1, 2])
print(t.type())
print(t.type(torch.float64))
