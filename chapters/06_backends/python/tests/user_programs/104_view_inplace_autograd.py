import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x * 1
v = y.view(2, 2)
v.mul_(3)
print(y)
print(y.grad_fn.name())
(y * y).sum().backward()
print(x.grad)
