import torch
import math

x = torch.tensor([-2.0, -1.0, 1.0, 2.0])
t = torch.tensor([0.0, 0.0, 1.0, 1.0])
w = torch.tensor(0.0, requires_grad=True)
for step in range(50):
    p = 1.0 / (1.0 + torch.exp(-(x * w)))
    loss = ((p - t) * (p - t)).sum()
    loss.backward()
    with torch.no_grad():
        w -= 0.5 * w.grad
    w.grad = None
print(round(w.item(), 3), round(loss.item(), 4))
