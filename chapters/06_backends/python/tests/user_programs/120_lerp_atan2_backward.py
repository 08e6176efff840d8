import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 6.0], requires_grad=True)
torch.lerp(a, b, torch.tensor([0.25, 0.5])).sum().backward()
print(a.grad, b.grad)
y = torch.tensor([1.0], requires_grad=True)
x = torch.tensor([1.0], requires_grad=True)
torch.atan2(y, x).backward()
print(y.grad, x.grad)
