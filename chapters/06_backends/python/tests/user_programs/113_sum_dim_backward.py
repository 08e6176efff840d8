import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x.sum(1)
(y * torch.tensor([1.0, 10.0])).sum().backward()
print(x.grad)
