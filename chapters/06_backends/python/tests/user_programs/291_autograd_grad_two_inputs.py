import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
y = (x * w).sum()
gx, gw = torch.autograd.grad(y, [x, w])
print(gx, gw)
print(x.grad, w.grad)
