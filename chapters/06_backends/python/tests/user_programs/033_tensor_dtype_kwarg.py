import torch

print(torch.tensor([1, 2], dtype=torch.float64))
print(torch.tensor([1.7, -1.7, 2.5], dtype=torch.int64))
print(torch.tensor([0, 1, 2], dtype=torch.bool))
print(torch.tensor(3.0, dtype=torch.float16))
print(torch.tensor([1.0, 2.0], dtype=torch.bfloat16).dtype)
