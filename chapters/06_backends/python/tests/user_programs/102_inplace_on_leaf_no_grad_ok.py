import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    x.add_(1)
    x.mul_(2)
print(x, x.requires_grad, x.is_leaf)
(x * x).sum().backward()
print(x.grad)
