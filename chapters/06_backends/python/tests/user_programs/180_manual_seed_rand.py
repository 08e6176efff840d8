import torch

torch.manual_seed(0)
print(torch.randn(2).shape)
