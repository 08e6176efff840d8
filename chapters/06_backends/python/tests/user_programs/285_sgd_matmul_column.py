import torch

w = torch.tensor([[1.0], [-1.0]], requires_grad=True)
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
t = torch.tensor([[1.0], [0.0]])
for i in range(3):
    y = torch.matmul(x, w)
    loss = ((y - t) * (y - t)).sum()
    loss.backward()
    with torch.no_grad():
        w -= 0.01 * w.grad
    w.grad = None
    print(i, round(loss.item(), 4), w.view(2).tolist())
