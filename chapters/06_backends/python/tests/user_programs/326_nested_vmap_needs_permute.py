import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
cases = [
    ("t() inside nested vmap", lambda: vmap(vmap(lambda a: a.t()))(torch.ones(2, 3, 4, 5)).shape),
    ("inner in_dims=1", lambda: vmap(vmap(lambda a: a.sum(), in_dims=1))(torch.ones(2, 3, 4)).shape),
    ("inner out_dims=1", lambda: vmap(vmap(lambda a: a * 2, out_dims=1))(torch.ones(2, 3, 4)).shape),
]
for name, f in cases:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
# torch 1.13: torch.Size([2, 3, 5, 4]), torch.Size([2, 4]), torch.Size([2, 4, 3])
# mini_torch: RuntimeError vmap: moving dimension 2 to 1 of a tensor that is batched by an outer vmap needs a permute
#   operator, which this chapter lacks; map over dimension 0   (no "is not in mini_torch"; the t() case uses no in/out_dims at all)
