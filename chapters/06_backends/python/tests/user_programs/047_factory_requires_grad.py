import torch

z = torch.zeros(2, requires_grad=True)
o = torch.ones(2, 2, requires_grad=True)
t = torch.tensor([1.0, 2.0], requires_grad=True)
print(z.requires_grad, o.requires_grad, t.requires_grad)
print(z.is_leaf, z.grad_fn)
print(t)
