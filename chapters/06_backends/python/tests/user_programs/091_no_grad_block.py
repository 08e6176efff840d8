import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
with torch.no_grad():
    y = x * 2
print(y.requires_grad, y.grad_fn, y.is_leaf)
z = x * 2
print(z.requires_grad, z.is_leaf)
print(torch.is_grad_enabled())
with torch.no_grad():
    print(torch.is_grad_enabled())
print(torch.is_grad_enabled())
