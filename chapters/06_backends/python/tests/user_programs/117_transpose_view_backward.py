import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
y = x.t()
print(y.shape)
(y @ torch.tensor([1.0, 2.0])).sum().backward()
print(x.grad)
x.grad = None
x.view(6).sum().backward()
print(x.grad)
