import torch

print(torch.tensor(5.0).tolist())
print(torch.zeros(2, 0).tolist())
print(torch.zeros(0).tolist())
print(torch.tensor([True, False]).tolist())
print(torch.tensor([[1, 2], [3, 4]]).tolist())
print(torch.tensor([0.1, 0.2]).tolist())
print(torch.tensor([0.1, 0.2], dtype=torch.float64).tolist())
print(type(torch.tensor([1.0]).tolist()[0]).__name__)
