import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.ones(2, 3)
for name, f in [("in_dims=True", lambda: vmap(lambda a: a, in_dims=True)(x)),
                ("in_dims=(False,)", lambda: vmap(lambda a: a, in_dims=(False,))(x)),
                ("out_dims=True", lambda: vmap(lambda a: a, out_dims=True)(x))]:
    try:
        print(name, f().shape)
    except Exception as e:
        print(name, type(e).__name__, str(e).splitlines()[0])
# torch 1.13: TypeError size() received an invalid combination of arguments - got (bool), ...  (in_dims)
#             TypeError _remove_batch_dim(): argument 'out_dim' (position 4) must be int, not bool  (out_dims)
# mini_torch: bools taken as 1/0: torch.Size([3, 2]), torch.Size([2, 3]), torch.Size([3, 2])
