import torch
import torch.nn.functional as F

x = torch.tensor([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]])
y = torch.tensor([1, 0, 1])
w = torch.tensor([[0.1, -0.2], [0.3, 0.4]], requires_grad=True)
b = torch.tensor([0.0, 0.1], requires_grad=True)
losses = F.nll_loss(torch.log_softmax(x @ w + b, dim=1), y, reduction="none")
gw, gb = torch.autograd.grad(losses, [w, b], torch.eye(3), is_grads_batched=True)
print(gw)
print(gb)
for i in range(3):
    li = F.nll_loss(torch.log_softmax(x[i:i + 1] @ w + b, dim=1), y[i:i + 1])
    print(torch.autograd.grad(li, [w, b]))
