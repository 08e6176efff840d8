import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.tensor([1., 2., 3.], requires_grad=True)
cases = [("out_dims=1", lambda: vmap(lambda a: torch.ones(3), out_dims=1)(torch.ones(2, 3))),
         ("out_dims=-1 shape", lambda: vmap(lambda a: torch.ones(3), out_dims=-1)(torch.ones(2, 3)).shape),
         ("in-place on result", lambda: vmap(lambda a: torch.ones(3))(torch.ones(2, 3)).add_(1)),
         ("grad_fn", lambda: vmap(lambda a: x * 2)(torch.ones(2, 3)).grad_fn.__class__.__name__)]
for name, f in cases:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
# An output that does not depend on the mapped inputs: 1.13 returns it expand()ed (torch/_vmap_internals.py), so
# torch 1.13: out_dims=1 -> RuntimeError The expanded size of the tensor (2) must match the existing size (3) at
#   non-singleton dimension 1.  Target sizes: [3, 2].  Tensor sizes: [3];  out_dims=-1 -> torch.Size([34359738369, 3]);
#   in-place -> RuntimeError unsupported operation: more than one element of the written-to tensor refers to a single
#   memory location. ...;  grad_fn -> ExpandBackward0
# mini_torch: a real [3, 2] tensor / torch.Size([3, 2]) / tensor of 2s / MulBackward0  (saner, but not 1.13's)
