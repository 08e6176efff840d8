import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
try:
    vmap(lambda a: torch.add(a, a, out=torch.empty(3)))(x)
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError Batching rule not implemented for aten::add.out; the fallback path doesn't work on out= or view ops.
# mini_torch: RuntimeError Batching rule not implemented for aten::add.out. The fallback path doesn't work on in-place or out= operators: it writes to 'out'.
