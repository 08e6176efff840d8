import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
try:
    print(torch.ones(2, 3, 4).t().shape)
except Exception as e:
    print(type(e).__name__, e)
try:
    r = vmap(lambda a: a.t())(torch.ones(2, 3, 4, 5))
    print("no error", r.shape)
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError t() expects a tensor with <= 2 dimensions, but self is 3D   (both)
# mini_torch: the plain call raises the same, but under vmap it returns a tensor of shape [2, 4, 3, 5] with no error
