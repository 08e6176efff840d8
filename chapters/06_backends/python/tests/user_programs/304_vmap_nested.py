import torch
import torch._vmap_internals

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
y = torch.tensor([10.0, 20.0, 30.0, 40.0])
outer = torch._vmap_internals.vmap(torch._vmap_internals.vmap(lambda a, b: a * b, in_dims=(None, 0)), in_dims=(0, None))
print(outer(x.sum(1), y))
