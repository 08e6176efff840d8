import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
i = torch.tensor([3, 4])
y = (x * i).sum()
y.backward()
print(x.grad, y.dtype)
