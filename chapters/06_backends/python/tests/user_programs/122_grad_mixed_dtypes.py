import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
d = torch.tensor([1.0, 2.0], dtype=torch.float64, requires_grad=True)
y = (x * d).sum()
print(y.dtype)
y.backward()
print(x.grad, x.grad.dtype)
print(d.grad, d.grad.dtype)
