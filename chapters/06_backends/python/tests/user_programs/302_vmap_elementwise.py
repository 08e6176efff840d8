import torch
import torch._vmap_internals

def f(row, scale):
    return (row * scale).sum()

x = torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
s = torch.tensor([10.0, 100.0])
print(torch._vmap_internals.vmap(f, in_dims=(0, None))(x, s))
print(torch._vmap_internals.vmap(f, in_dims=(1, None))(x.t(), s))
print(torch._vmap_internals.vmap(lambda r: r * 2, out_dims=1)(x))
