import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
x.add_(1)
print(x)
