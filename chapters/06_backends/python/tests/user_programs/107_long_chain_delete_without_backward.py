import torch

x = torch.tensor([1.0], requires_grad=True)
y = x
for i in range(30000):
    y = y + 1
print(y)
del y
print("deleted without backward")
z = x * 2
print(z)
