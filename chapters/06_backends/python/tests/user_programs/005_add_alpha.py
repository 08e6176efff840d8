import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([10.0, 20.0])
print(torch.add(a, b, alpha=2))
print(torch.sub(a, b, alpha=3))
print(a.add(b, alpha=0.5))
print(torch.add(torch.tensor([1, 2]), torch.tensor([3, 4]), alpha=5))
