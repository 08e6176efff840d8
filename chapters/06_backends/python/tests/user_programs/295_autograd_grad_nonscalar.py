import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
print(torch.autograd.grad(y, x, torch.tensor([1.0, 10.0]), retain_graph=True))
try:
    torch.autograd.grad(y, x, retain_graph=True)
except RuntimeError as e:
    print("RuntimeError:", e)
torch.autograd.grad(y, x, torch.ones(3))
