import torch

x = torch.tensor([1.0, 2.0])
r = x.requires_grad_()
print(r is x, x.requires_grad, x.is_leaf)
x.requires_grad_(False)
print(x.requires_grad)
x.requires_grad = True
print(x.requires_grad)
i = torch.tensor([1, 2])
try:
    i.requires_grad_()
except Exception as e:
    print(type(e).__name__, e)
try:
    i.requires_grad = True
except Exception as e:
    print(type(e).__name__, e)
print(i.requires_grad_(False).requires_grad)
