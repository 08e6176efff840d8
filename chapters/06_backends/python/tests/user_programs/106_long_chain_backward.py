import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x
for i in range(30000):
    y = y * 1.0 + 0.0
y.sum().backward()
print(x.grad)
del y
print("deleted")
