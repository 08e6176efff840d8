import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
print(y.is_leaf)
y.requires_grad_(True)
print(y.requires_grad)
y.requires_grad_(False)
print(y.requires_grad)
