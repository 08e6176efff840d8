import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
try:
    vmap(lambda a: torch.atan2(a, torch.ones(4)))(x)
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0  (per-sample, for-loop fallback)
# mini_torch: ... at non-singleton dimension 1   (physical dimension)
