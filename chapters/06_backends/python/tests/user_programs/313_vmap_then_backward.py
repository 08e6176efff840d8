import torch
import torch._vmap_internals

w = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
v = torch.tensor([0.5, -1.0, 2.0], requires_grad=True)
out = torch._vmap_internals.vmap(lambda row: (row * v).sum())(w)
print(out)
out.sum().backward()
print(w.grad)
print(v.grad)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
out2 = torch._vmap_internals.vmap(lambda row: row * v[0:2])(x)
print(out2)
