import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
for od in [2, -3]:
    try:
        vmap(lambda a: a, out_dims=od)(torch.ones(2, 3))
    except Exception as e:
        print(type(e).__name__, e)
# torch 1.13: IndexError Dimension out of range (expected to be in range of [-2, 1], but got 2)   (and -3)
# mini_torch: RuntimeError vmap: out_dim 2 is out of range for a tensor of 2 dimensions
