import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([1.0, 2.0])
print(torch.equal(a, b))
print(torch.allclose(a, b + 1e-9))
