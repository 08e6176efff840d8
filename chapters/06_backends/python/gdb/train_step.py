"""One step of part 10's training script (examples/train_digits.py's
training_step: forward, log_softmax and nll_loss, backward, the SGD update)
on a batch of four made-up 4-pixel images, written out here so that
nothing but mini_torch is needed: log_softmax_in_a_step.gdb breaks in one of
its kernels. Run as a module, beside this file: `python3 -m train_step`.
"""

import mini_torch as torch
import mini_torch.nn.functional as F

x = torch.tensor([[0.0, 0.5, 1.0, 0.25], [1.0, 0.0, 0.5, 0.75], [0.25, 0.25, 0.0, 1.0], [0.5, 1.0, 0.75, 0.0]])
y = torch.tensor([0, 2, 1, 2])
w1 = torch.tensor([[0.1, -0.2, 0.3], [0.0, 0.4, -0.1], [-0.3, 0.2, 0.1], [0.2, 0.1, -0.4]], requires_grad=True)
b1 = torch.tensor([0.0, 0.0, 0.0], requires_grad=True)
w2 = torch.tensor([[0.3, -0.1, 0.2], [-0.2, 0.4, 0.1], [0.1, 0.2, -0.3]], requires_grad=True)
b2 = torch.tensor([0.0, 0.0, 0.0], requires_grad=True)
params = [w1, b1, w2, b2]

hidden = torch.relu(x @ w1 + b1)
log_probs = torch.log_softmax(hidden @ w2 + b2, dim=1)
loss = F.nll_loss(log_probs, y)
loss.backward()
with torch.no_grad():
    for p in params:
        p -= 0.5 * p.grad
        p.grad = None
print(f"loss {loss.item():.6f}")
