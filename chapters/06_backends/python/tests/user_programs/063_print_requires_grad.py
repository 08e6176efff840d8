import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
print(x)
print(x * 2)
print(x.sum())
print(x + x)
print((x * 2).detach())
print(torch.exp(x))
