import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
d = x.detach()
print(d.requires_grad, d.is_leaf, d.grad_fn)
y = x * 1
e = y.detach()
e.add_(10)
print(y)
print(x)
