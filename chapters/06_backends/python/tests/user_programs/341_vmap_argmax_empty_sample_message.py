import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
try:
    vmap(lambda a: a.argmax())(torch.ones(2, 0))
except Exception as e:
    print(type(e).__name__, e)
print(torch.ones(0).argmax() if False else "")
try:
    torch.ones(0).argmax()
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: IndexError argmax(): Expected reduction dim to be specified for input.numel() == 0.   (both)
# mini_torch: IndexError argmax(): Expected reduction dim 1 to have non-zero size.   under vmap (physical dim leaks)
