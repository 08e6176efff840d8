import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = 5 - x
print(y.grad_fn.name())
(y * y).sum().backward()
print(x.grad)
