import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
z = torch.tensor([5.0], requires_grad=True)
y = (x * 2).sum()
print(torch.autograd.grad(y, [x, z], allow_unused=True, retain_graph=True))
torch.autograd.grad(y, [x, z])
