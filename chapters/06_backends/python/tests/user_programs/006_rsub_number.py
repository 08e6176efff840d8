import torch

a = torch.tensor([1.0, 2.0, 3.0])
i = torch.tensor([1, 2, 3])
print(2 - a)
print(10 - i, (10 - i).dtype)
print(2.5 - i, (2.5 - i).dtype)
print(1 + a, 3 * i)
