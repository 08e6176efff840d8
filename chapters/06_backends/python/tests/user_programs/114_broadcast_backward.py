import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
b = torch.ones(2, 3, requires_grad=True)
(a * b).sum().backward()
print(a.grad)
print(b.grad)
s = torch.tensor(2.0, requires_grad=True)
(s * a).sum().backward()
print(s.grad, s.grad.shape)
