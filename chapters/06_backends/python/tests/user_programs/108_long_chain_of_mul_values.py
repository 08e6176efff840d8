import torch

x = torch.tensor([1.0], requires_grad=True)
y = x
for i in range(30000):
    y = y * 1.0001
y.backward()
print(y.item() > 20.0, y.item() < 20.1)
print(round(x.grad.item(), 3))
