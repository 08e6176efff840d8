import torch

t = torch.tensor([1, 2], requires_grad=True)
print(t)
