import torch

x = torch.tensor([1.0, 2.0])
print(x.requires_grad)
r = x.requires_grad_()
print(x.requires_grad, r.requires_grad)
(x * 2).sum().backward()
print(x.grad)
x.requires_grad_(False)
print(x.requires_grad)
x.requires_grad = True
print(x.requires_grad)
