import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 3).sum().backward()
print(x.grad)
(x * x).sum().backward()
print(x.grad)
x.grad = None
(x * 2).sum().backward()
print(x.grad)
