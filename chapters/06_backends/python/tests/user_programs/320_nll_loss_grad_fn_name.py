import torch
import torch.nn.functional as F
x = torch.tensor([[0.1, 0.2, 0.7], [0.3, 0.3, 0.4]], requires_grad=True)
lp = torch.log_softmax(x, dim=1)
print(lp)
print(F.nll_loss(lp, torch.tensor([2, 0]), reduction="none"))
print(F.nll_loss(lp, torch.tensor([2, 0])))
print(F.nll_loss(lp, torch.tensor([2, 0]), reduction="sum"))
# torch 1.13: grad_fn=<LogSoftmaxBackward0>, then grad_fn=<NllLossBackward0> for each loss
# mini_torch: the losses print other grad_fn names (composite nll_loss), e.g. grad_fn=<NegBackward0>
