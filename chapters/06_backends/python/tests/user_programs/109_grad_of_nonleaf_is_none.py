import torch

x = torch.tensor([1.0], requires_grad=True)
y = x * 2
z = y * 3
z.backward()
print(x.grad)
print(y.is_leaf, y.requires_grad)
