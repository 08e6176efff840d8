import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([1.0, 2.0])
y = (x * c).sum()
try:
    torch.autograd.grad(y, c)
except RuntimeError as e:
    print("RuntimeError:", e)
torch.autograd.grad(c.sum(), x)
