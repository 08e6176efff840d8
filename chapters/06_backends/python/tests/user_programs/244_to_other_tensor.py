import torch

a = torch.tensor([1.5, 2.5])
b = torch.tensor([1, 2])
print(a.to(b))
print(b.to(a))
print(a.type_as(b))
