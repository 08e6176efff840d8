import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = (x * x).sum()
print(y)
y.backward()
print(x.grad)
print(x.grad.dtype, x.grad.shape)
