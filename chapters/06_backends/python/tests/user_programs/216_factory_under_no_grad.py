import torch

with torch.no_grad():
    a = torch.ones(2, requires_grad=True)
    b = a * 2
print(a.requires_grad, b.requires_grad)
c = a * 2
c.sum().backward()
print(a.grad)
