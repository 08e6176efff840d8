import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.to(torch.float64)
print(y.dtype, y.grad_fn.name())
(y * 2).sum().backward()
print(x.grad, x.grad.dtype)
x.grad = None
c = x.clone()
(c * c).sum().backward()
print(x.grad)
