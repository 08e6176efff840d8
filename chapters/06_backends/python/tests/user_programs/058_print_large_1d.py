import torch

print(torch.arange(2000))
print(torch.arange(1001.0))
print(torch.arange(1000))
