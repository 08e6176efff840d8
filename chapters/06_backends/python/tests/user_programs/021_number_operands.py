import torch

a = torch.tensor([1.0, 2.0])
print(a * 2, 2 * a)
print(a + 1.5, 1.5 + a)
print(a / 4)
print(a - 1)
print(torch.add(a, 2))
print(torch.mul(a, 3))
