import torch

print(torch.arange(1200).view(40, 30))
print(torch.ones(50, 50))
