import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
try:
    print(torch.ones(2, 3, 4).t().shape)
except Exception as e:
    print(type(e).__name__, e)
r = vmap(lambda a: a.t())(torch.ones(2, 3, 4, 5))  # the same refusal, raised out of the program
print("no error", r.shape)
# torch 1.13: RuntimeError t() expects a tensor with <= 2 dimensions, but self is 3D   (both)
# mini_torch once: the plain call raised the same, but under vmap it returned a tensor of shape [2, 4, 3, 5]
