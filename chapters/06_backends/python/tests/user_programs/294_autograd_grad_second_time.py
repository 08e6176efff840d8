import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x.exp()).sum()
print(torch.autograd.grad(y, x))
print(torch.autograd.grad(y, x))
