import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
a = x.clone()
a.add_(1)
a.mul_(2)
a.relu_()
print(a, a.grad_fn.name())
a.sum().backward()
print(x.grad)
b = x * 1
b.sub_(x, alpha=2)
print(b)
b.sum().backward()
print(x.grad)
