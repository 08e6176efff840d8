import torch
import torch._vmap_internals

w = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
out = torch._vmap_internals.vmap(lambda col: (col * col).sum(), in_dims=1)(w)
print(out)
out.sum().backward()
print(w.grad)
