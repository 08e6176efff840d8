import torch
import torch._vmap_internals

def f(pair, scale):
    a, b = pair
    return a * b * scale

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
y = torch.tensor([[10.0, 20.0], [30.0, 40.0]])
print(torch._vmap_internals.vmap(f, in_dims=((0, 1), None))((x, y), torch.tensor(2.0)))
print(torch._vmap_internals.vmap(f, in_dims=(0, None))([x, y], torch.tensor(2.0)))
torch._vmap_internals.vmap(f, in_dims=((0,), None))((x, y), torch.tensor(2.0))
