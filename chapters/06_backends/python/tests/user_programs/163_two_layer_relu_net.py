import torch

x = torch.tensor([[1.0, 2.0], [-1.0, 0.5], [0.0, -2.0]])
target = torch.tensor([[1.0], [0.0], [2.0]])
w1 = torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6]], requires_grad=True)
w2 = torch.tensor([[0.7], [-0.8], [0.9]], requires_grad=True)
for step in range(100):
    h = torch.relu(x @ w1)
    out = h @ w2
    diff = out - target
    loss = (diff * diff).sum()
    loss.backward()
    with torch.no_grad():
        w1 -= 0.01 * w1.grad
        w2 -= 0.01 * w2.grad
        w1.grad = None
        w2.grad = None
    if step % 25 == 0:
        print(step, round(loss.item(), 4))
print(round(loss.item(), 4))
