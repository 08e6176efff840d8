import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
x = torch.ones(2, 3); y = torch.tensor([1., 2., 3.])
for name, f in [("list in_dims, tuple input", lambda: vmap(lambda p: p[0] * p[1], in_dims=([0, None],))((x, y))),
                ("tuple in_dims, list input", lambda: vmap(lambda p: p[0] * p[1], in_dims=((0, None),))([x, y]))]:
    try:
        print(name, f())
    except Exception as e:
        print(name, type(e).__name__, e)
# torch 1.13: ValueError vmap(<lambda>, in_dims=([0, None],), ...)(<inputs>): in_dims is not compatible with the structure
#   of `inputs`. in_dims has structure TreeSpec(tuple, None, [TreeSpec(list, None, [*, *])]) but inputs has structure
#   TreeSpec(tuple, None, [TreeSpec(tuple, None, [*, *])]).   (pytree specs compare the container type)
# mini_torch: no error; maps as if the types matched
