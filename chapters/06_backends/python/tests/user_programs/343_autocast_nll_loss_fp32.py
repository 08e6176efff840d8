import torch
import torch.nn.functional as F
lp = torch.tensor([[-2.5, -2.39, -0.19], [-1.88, -1.78, -0.38]]).bfloat16()
tgt = torch.tensor([2, 0])
with torch.autocast("cpu"):
    l = F.nll_loss(lp, tgt)
    print(l.dtype, l)
    print(F.nll_loss(lp, tgt, reduction="none").dtype)
# torch 1.13: torch.float32 tensor(1.0366)  / torch.float32   (nll_loss is on CPU autocast's fp32 list: input cast up)
# mini_torch: torch.bfloat16 tensor(1.0391, dtype=torch.bfloat16) / torch.bfloat16   (composite nll_loss, no autocast rule)
