import torch
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
e = torch.ones(0, 3)
for name, f in [("clone", lambda a: a.clone()), ("1 - a", lambda a: 1 - a),
                ("lerp", lambda a: torch.lerp(a, a, torch.tensor(0.5))), ("sum", lambda a: a.sum()),
                ("log_softmax", lambda a: a.log_softmax(0)), ("argmax", lambda a: a.argmax()),
                ("item", lambda a: a * a.sum().item())]:
    try:
        print(name, vmap(f)(e))
    except Exception as ex:
        print(name, type(ex).__name__, ex)
# torch 1.13: clone, 1 - a -> tensor([], size=(0, 3));  lerp, sum, log_softmax, argmax, item -> RuntimeError
#   "Batching rule not implemented for aten::<op> (aten::sum for item). The fallback path does not support vmap over dims of size 0."
# mini_torch: clone, 1 - a, lerp -> RuntimeError this tensor is undefined (a gradient that was never computed?);
#   sum -> tensor([]); log_softmax -> tensor([], size=(0, 3)); argmax -> IndexError argmax(): Expected reduction dim 1
#   to have non-zero size.; item -> RuntimeError Batching rule not implemented for aten::item. We could not generate a fallback.
