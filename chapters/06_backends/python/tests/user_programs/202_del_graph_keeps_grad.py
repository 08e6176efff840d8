import torch

x = torch.tensor([2.0], requires_grad=True)
y = x * x
z = y * y
z.backward()
del z, y
print(x.grad)
print(x.grad.requires_grad)
