import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
try:
    vmap(lambda a: a[0:1])(torch.ones(3))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: IndexError Dimension out of range (expected to be in range of [-1, 0], but got 1)
# mini_torch: IndexError slice() cannot be applied to a 0-dim tensor.
