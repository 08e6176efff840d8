import torch

print(-torch.tensor([True, False]))
