import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
v = x.view(2)
v.mul_(2)
print(x)
