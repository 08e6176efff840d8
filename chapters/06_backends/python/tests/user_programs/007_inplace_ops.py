import torch

a = torch.tensor([1.0, 2.0, 3.0])
a += 1
print(a)
a *= 2
print(a)
a -= torch.tensor([1.0, 1.0, 1.0])
print(a)
a /= 2
print(a)
r = a.add_(100)
print(r, a)
