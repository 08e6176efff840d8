import torch

print(torch.tensor([1.0, 2.0]))
print(torch.tensor([0.1, 0.25]))
print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([1e10, 1.0]))
print(torch.tensor([123456.789]))
print(torch.tensor([1.0, 100.0, 1000000.0]))
print(torch.tensor([1e-8, 1e8]))
print(torch.tensor([-0.5, 3.14159265]))
