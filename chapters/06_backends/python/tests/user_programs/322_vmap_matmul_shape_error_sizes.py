import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
try:
    vmap(torch.matmul, in_dims=(0, None))(torch.ones(4, 2, 3), torch.ones(2, 2))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError mat1 and mat2 shapes cannot be multiplied (2x3 and 2x2)   (per-sample shapes)
# mini_torch: RuntimeError mat1 and mat2 shapes cannot be multiplied (8x3 and 2x2)   (the folded batch leaks into the message)
