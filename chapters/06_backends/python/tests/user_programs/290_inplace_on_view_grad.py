import torch

x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
y = x * 1
v = y.view(2, 2)
v.mul_(torch.tensor([[2.0, 3.0], [4.0, 5.0]]))
print(y)
print(type(y.grad_fn).__name__, type(v.grad_fn).__name__)
y.sum().backward()
print(x.grad)
