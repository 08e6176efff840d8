import torch

xs = torch.tensor([0.0, 1.0, 2.0, 3.0, 4.0])
ys = torch.tensor([1.0, 3.0, 5.0, 7.0, 9.0])
w = torch.tensor(0.0, requires_grad=True)
b = torch.tensor(0.0, requires_grad=True)
lr = 0.02
for step in range(200):
    pred = xs * w + b
    err = pred - ys
    loss = (err * err).sum() / 5
    loss.backward()
    with torch.no_grad():
        w -= lr * w.grad
        b -= lr * b.grad
    w.grad = None
    b.grad = None
    if step % 50 == 0:
        print(step, round(loss.item(), 4))
print(round(w.item(), 3), round(b.item(), 3))
