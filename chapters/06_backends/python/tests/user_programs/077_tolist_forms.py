import torch

print(torch.tensor([[1, 2], [3, 4]]).tolist())
print(torch.tensor(5).tolist())
print(torch.tensor([True, False]).tolist())
print(torch.tensor([1.5, 2.5]).tolist())
print(torch.tensor([0.1]).tolist())
print(torch.zeros(2, 0).tolist())
print(torch.tensor([1.5], dtype=torch.float16).tolist())
