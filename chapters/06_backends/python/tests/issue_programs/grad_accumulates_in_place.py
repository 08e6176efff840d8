import torch
x = torch.tensor([1.0, 2.0], requires_grad=True)
(x * 3.0).sum().backward()
g = x.grad
(x * 3.0).sum().backward()
print(g, x.grad)
