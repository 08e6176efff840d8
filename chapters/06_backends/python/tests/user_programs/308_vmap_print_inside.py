import torch
import torch._vmap_internals

def f(row):
    print(row.shape, row.dim())
    print(row)
    return row * 2

torch._vmap_internals.vmap(f)(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
