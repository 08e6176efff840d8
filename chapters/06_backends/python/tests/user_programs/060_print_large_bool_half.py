import torch

print(torch.ones(1500, dtype=torch.bool))
print(torch.zeros(1200, dtype=torch.float16))
print(torch.full((1100,), 0.5, dtype=torch.float64))
