import torch

a = torch.tensor([1, 2, 3])
print(a / 2)
print((a / 2).dtype)
print(a / torch.tensor([2, 4, 8]))
print(a * 2, (a * 2).dtype)
print(a + a, (a - a).dtype)
