import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]])
def f(a):
    b = a.clone()
    b.add_(1)          # also a += 1, a.mul_(2), relu_, fill_, copy_, exp_, sub_, div_, atan2_, lerp_ ...
    return b
try:
    print(vmap(f)(x))
except Exception as e:
    print(type(e).__name__, e)
def g(a):
    a.mul_(2); return a
try:
    print(vmap(g)(x.clone()))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: tensor([[2,3,4],[5,6,7]]) and tensor([[2,4,6],[8,10,12]]) (in-place for-loop fallback)
# mini_torch: RuntimeError Batching rule not implemented for aten::add_.Tensor. The fallback path doesn't work on
#   in-place or out= operators: it writes to 'self'.   (no "is not in mini_torch"; torch succeeds)
