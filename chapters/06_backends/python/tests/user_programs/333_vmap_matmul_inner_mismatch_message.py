import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
try:
    vmap(lambda a, b: a @ b)(torch.ones(2, 2, 3), torch.ones(2, 4, 5))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)
# mini_torch: RuntimeError shape '[2, 1, 3, 5]' is invalid for input of size 40   (an internal view's error)
