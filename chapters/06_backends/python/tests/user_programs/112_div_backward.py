import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([4.0, 8.0], requires_grad=True)
(a / b).sum().backward()
print(a.grad)
print(b.grad)
