import torch

print(torch.tensor([[0.001, 1000.0], [1.0, -1.0]]))
print(torch.tensor([[1e-10, 1.0], [2.0, 3.0]]))
print(torch.tensor([[12345678.0, 1.0]]))
print(torch.tensor([0.1, 0.2], dtype=torch.float64) * 3)
