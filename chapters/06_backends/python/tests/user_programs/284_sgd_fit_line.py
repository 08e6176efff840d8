import torch

xs = torch.tensor([0.0, 1.0, 2.0, 3.0, 4.0])
ys = xs * 2 + 1
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.05
for step in range(60):
    pred = w * xs + b
    err = pred - ys
    loss = (err * err).sum() / 5
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad = None
    b.grad = None
    if step % 15 == 0:
        print(step, round(loss.item(), 5))
print(round(w.item(), 4), round(b.item(), 4))
