import torch

a = torch.tensor([1.0], requires_grad=True)
b = torch.tensor([2.0])
c = a + b
d = b * 2
print(a.is_leaf, b.is_leaf, c.is_leaf, d.is_leaf)
print(c.requires_grad, d.requires_grad)
print(c.grad_fn is not None, d.grad_fn is None)
