import torch

print(torch.tensor([1.0 / 3.0], dtype=torch.float64))
print(torch.tensor([1.0 / 3.0]))
print(torch.tensor([1.0 / 3.0]).tolist())
print(torch.tensor([123456.789]))
print(torch.tensor([1e-5, 1.0]))
print(torch.tensor([1e8, 1.0]))
print(torch.tensor([0.001, 1000.0]))
print(torch.tensor([2.0, 4.0, 100.0]))
print(torch.tensor([1e-12], dtype=torch.float64))
