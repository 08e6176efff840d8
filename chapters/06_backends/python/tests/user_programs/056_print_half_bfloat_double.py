import torch

print(torch.tensor([1.5, 2.25], dtype=torch.float16))
print(torch.tensor([1.5, 2.25], dtype=torch.bfloat16))
print(torch.tensor([1.5, 2.25], dtype=torch.float64))
print(torch.tensor(0.1, dtype=torch.float64))
print(torch.tensor([1, 2], dtype=torch.float64))
print(torch.tensor([1e20, 1.0], dtype=torch.float64))
