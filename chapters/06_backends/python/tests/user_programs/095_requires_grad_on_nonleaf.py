import torch

x = torch.tensor([1.0], requires_grad=True)
y = x * 2
y.requires_grad_(False)
print(y)
