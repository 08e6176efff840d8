import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
print(torch.tensor(5.).sum([0]))
for d in [0, -1]:
    try:
        print(vmap(lambda a: a.sum([d]))(torch.ones(3)))
    except Exception as e:
        print(type(e).__name__, e)
# torch 1.13: tensor(5.), then tensor([1., 1., 1.]) twice (a 0-d tensor's dim 0 / -1 is allowed, as outside vmap)
# mini_torch: IndexError Dimension out of range (expected to be in range of [-1, 0], but got 1) for [0];
#             RuntimeError vmap: a batched tensor needs a batch dimension; got a 0-dimensional value at level 1 for [-1]
