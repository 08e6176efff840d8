import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
for name, f in [("mat-vec", lambda: vmap(torch.matmul, in_dims=(0, None))(x, torch.ones(3, 2))),
                ("dot", lambda: vmap(torch.matmul)(x, x)),
                ("3-D sample", lambda: vmap(lambda a: a @ torch.ones(4, 5))(torch.ones(2, 2, 3, 4)).shape)]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
# torch 1.13: tensor([[6,6],[15,15]]), tensor([14., 77.]) and torch.Size([2, 2, 3, 5])
# mini_torch: RuntimeError aten::matmul: this chapter multiplies 2-D tensors only, got 1-D and 2-D (under vmap, per sample)
#   -- no "is not in mini_torch" (outside vmap the same product is a NotImplementedError that says it)
