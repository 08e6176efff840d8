import torch

print(torch.zeros(2, 2, 3))
print(torch.arange(24).view(2, 3, 4))
print(torch.ones(1, 1, 1))
