import torch
import torch.nn.functional as F

x = torch.tensor([[0.0, 1.0, 0.5, 0.25], [1.0, 0.0, 0.0, 0.5], [0.5, 0.5, 1.0, 0.0]])
y = torch.tensor([2, 0, 1])
w1 = torch.tensor([[0.1, -0.2, 0.3], [0.0, 0.4, -0.1], [0.2, 0.2, 0.2], [-0.3, 0.1, 0.0]], requires_grad=True)
b1 = torch.tensor([0.0, 0.1, -0.1], requires_grad=True)
w2 = torch.tensor([[0.5, -0.5, 0.1], [0.2, 0.3, -0.4], [-0.1, 0.0, 0.6]], requires_grad=True)
b2 = torch.tensor([0.0, 0.0, 0.1], requires_grad=True)
params = [w1, b1, w2, b2]
logits = torch.relu(x @ w1 + b1) @ w2 + b2
losses = F.nll_loss(torch.log_softmax(logits, dim=1), y, reduction="none")
grads = torch.autograd.grad(losses, params, torch.eye(3), is_grads_batched=True)
for g in grads:
    print(g.shape)
    print(g)
print([p.grad for p in params])
