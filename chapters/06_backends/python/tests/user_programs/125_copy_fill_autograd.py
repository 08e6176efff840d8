import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
buf = torch.zeros(2)
buf.copy_(x * 3)
print(buf.requires_grad, buf.grad_fn.name())
buf.sum().backward()
print(x.grad)
z = torch.zeros(3)
z.fill_(2.5)
print(z)
