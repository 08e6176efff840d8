import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
for name, f in [("sum([-2]) of 1-D samples", lambda: vmap(lambda a: a.sum([-2]))(torch.ones(2, 3))),
                ("sum([-3]) of 2-D samples", lambda: vmap(lambda a: a.sum([-3]))(torch.ones(2, 3, 4)))]:
    try:
        print(name, "no error:", f())
    except Exception as e:
        print(name, type(e).__name__, e)
# torch 1.13: IndexError Dimension out of range (expected to be in range of [-1, 0], but got -2)  / ([-2, 1], got -3)
# mini_torch: no error; it sums over the vmapped (batch) dimension: tensor([2., 2., 2.]) / a 3x4 tensor of 2s  (wrong value, silently)
