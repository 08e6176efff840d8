import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
try:
    print(vmap(lambda a: a.detach() * 2)(torch.ones(2, 3, requires_grad=True)))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: RuntimeError Batching rule not implemented for aten::detach; the fallback path doesn't work on out= or view ops.
# mini_torch: tensor of 2s (no error)
