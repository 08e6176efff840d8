import torch
import torch._vmap_internals

x = torch.ones(3, 2)
for call in (lambda: torch._vmap_internals.vmap(lambda a: a, in_dims=2)(x),
             lambda: torch._vmap_internals.vmap(lambda a, b: a + b)(x, torch.ones(4, 2)),
             lambda: torch._vmap_internals.vmap(lambda a: 3.0)(x),
             lambda: torch._vmap_internals.vmap(lambda a: a, in_dims="0")(x),
             lambda: torch._vmap_internals.vmap(lambda a: (a, a), out_dims=(0, 0, 0))(x),
             lambda: torch._vmap_internals.vmap(lambda a: a)(),
             lambda: torch._vmap_internals.vmap(lambda a, b: a, in_dims=(0, 0))(x, 2.0)):
    try:
        call()
    except ValueError as e:
        print("ValueError:", e)
