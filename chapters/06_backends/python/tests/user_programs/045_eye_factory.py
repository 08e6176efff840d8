import torch

print(torch.eye(3))
print(torch.eye(2, dtype=torch.int64))
print(torch.eye(1).shape)
print(torch.eye(0).shape)
