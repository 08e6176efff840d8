import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
cases = [
    ("out_dims=1", lambda: vmap(lambda a: a * 2, out_dims=1)(x).shape),
    ("t() inside", lambda: vmap(lambda a: a.t())(x.view([2, 3, 1])).shape),
]
for name, f in cases:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
# torch 1.13: torch.Size([3, 2]) and torch.Size([2, 1, 3])
# mini_torch: RuntimeError vmap: moving dimension 0 to 1 of a tensor that requires grad needs a permute operator, which
#   this chapter lacks; map over dimension 0   (no "is not in mini_torch", unlike in_dims=1 which says it)
