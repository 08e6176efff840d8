import torch

a = torch.tensor([True, True, False])
b = torch.tensor([True, False, False])
print(a * b)
print((a * b).dtype)
print(a + torch.tensor(1.0))
print(torch.tensor([1.0, 2.0]) * torch.tensor([True, False]))
