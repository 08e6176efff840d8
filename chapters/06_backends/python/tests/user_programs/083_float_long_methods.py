import torch

t = torch.tensor([1, 2])
print(t.float())
print(t.double().dtype)
print(torch.tensor([1.9]).long())
print(t.bool())
print(t.half().dtype)
