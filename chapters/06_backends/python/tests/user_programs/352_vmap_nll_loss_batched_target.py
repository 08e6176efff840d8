import torch
import torch.nn.functional as F
from torch._vmap_internals import vmap
import warnings; warnings.simplefilter('ignore')
LP = torch.tensor([[0.1, 0.2, 0.7], [0.3, 0.3, 0.4]]).log_softmax(1)
Y = torch.tensor([2, 0])
try:
    print(vmap(lambda lp, y: F.nll_loss(lp.view([1, 3]), y.view([1])))(LP, Y))
except Exception as e:
    print(type(e).__name__, e)
# torch 1.13: tensor([0.7679, 1.1331])   (per-sample losses, the target mapped too)
# mini_torch: RuntimeError Batching rule not implemented for aten::item. We could not generate a fallback.
#   (the composite nll_loss calls .item() on the target; no "is not in mini_torch")
