import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
try:
    print(vmap(lambda a: a.sum([]))(torch.ones(2, 3)))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError Could not allocate memory to change Tensor SizesAndStrides!  (a torch 1.13 bug)
# mini_torch: tensor([3., 3.])  (arguably better, but differs: no error where 1.13 raises)
