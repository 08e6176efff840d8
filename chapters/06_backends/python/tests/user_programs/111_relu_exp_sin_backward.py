import torch

x = torch.tensor([-1.0, 0.0, 2.0], requires_grad=True)
torch.relu(x).sum().backward()
print(x.grad)
x.grad = None
x.exp().sum().backward()
print(x.grad)
x.grad = None
(torch.sin(x) + torch.cos(x)).sum().backward()
print(x.grad)
