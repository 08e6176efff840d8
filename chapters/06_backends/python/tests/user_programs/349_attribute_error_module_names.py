import torch
import torch._vmap_internals
for name, f in [("torch.cpu.amp.GradScaler", lambda: torch.cpu.amp.GradScaler),
                ("torch._vmap_internals.foo", lambda: torch._vmap_internals.foo),
                ("torch.autograd.foo", lambda: torch.autograd.foo),
                ("torch.foo", lambda: torch.foo)]:
    try:
        f()
    except Exception as e:
        print(name, type(e).__name__, e)
# torch 1.13: module 'torch.cpu.amp' / 'torch._vmap_internals' / 'torch.autograd' / 'torch' has no attribute ...
# mini_torch: 'torch.autograd' and 'torch' as 1.13, but module 'mini_torch.cpu.amp' and 'mini_torch._vmap_internals'
#   (inconsistent: two modules name themselves torch.*, two mini_torch.*)
