import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
x.grad = torch.tensor([0.5, 0.5])
(x * 2).sum().backward()
print(x.grad)
x.grad = None
print(x.grad)
