import torch

print(torch.zeros(2, 3))
print(torch.ones((2, 3)))
print(torch.ones([3]))
print(torch.full((2, 2), 7.0))
print(torch.full((2,), 7.5).dtype)
print(torch.zeros(2, 3).dtype, torch.ones(1).dtype)
