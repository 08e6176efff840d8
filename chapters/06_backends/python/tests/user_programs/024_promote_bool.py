import torch

b = torch.tensor([True, False])
print(b + b, (b + b).dtype)
print(b + 1, (b + 1).dtype)
print(b + 1.5, (b + 1.5).dtype)
print(b * True, (b * True).dtype)
print((b + torch.tensor([1, 2])).dtype)
