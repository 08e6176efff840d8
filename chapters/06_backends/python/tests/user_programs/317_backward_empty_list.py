import torch
try:
    print(torch.autograd.backward([]))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: prints None (nothing to do)
# mini_torch: RuntimeError autograd: expected at least one output to differentiate
