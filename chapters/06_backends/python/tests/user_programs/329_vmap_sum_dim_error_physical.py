import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
try:
    vmap(lambda a: a.sum([1]))(x)
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: IndexError Dimension out of range (expected to be in range of [-1, 0], but got 1)   (per-sample dims)
# mini_torch: IndexError Dimension out of range (expected to be in range of [-2, 1], but got 2)   (physical dims leak)
