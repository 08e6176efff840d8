import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 1
y.mul_(3)
y.add_(1)
print(y.grad_fn.name())
y.sum().backward()
print(x.grad)
