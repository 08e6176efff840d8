import torch
import torch._vmap_internals

w = torch.tensor([1.0, 2.0], requires_grad=True)

def f(x):
    loss = (x * w).sum()
    loss.backward()
    return loss

torch._vmap_internals.vmap(f)(torch.ones(3, 2))
