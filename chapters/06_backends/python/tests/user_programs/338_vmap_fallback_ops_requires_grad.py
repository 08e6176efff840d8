import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([[1., 2., 3.], [4., 5., 6.]], requires_grad=True)
for name, f in [("clone", lambda a: a.clone()), (".float() of bf16", lambda a: a.bfloat16().float()),
                ("1 - a", lambda a: 1 - a)]:
    try:
        out = vmap(f)(x)
        print(name, torch.autograd.grad(out.sum(), x))
    except Exception as e:
        print(name, type(e).__name__, e)
# torch 1.13: the gradients (ones, ones, -ones)
# mini_torch: RuntimeError Batching rule not implemented for aten::clone. Its samples would be views made outside the
#   dispatcher, which autograd does not see; this chapter has no select or stack operator.   (no "is not in mini_torch";
#   without requires_grad the same calls work)
