import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
x.grad = torch.tensor([1.0, 2.0, 3.0])
print(x.grad)
