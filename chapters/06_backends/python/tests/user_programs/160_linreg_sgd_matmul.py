import torch

X = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 1.0]])
y = torch.tensor([3.0, -1.0, 2.0, 5.0])
w = torch.zeros(2, requires_grad=True)
for step in range(300):
    r = X @ w - y
    loss = (r * r).sum()
    loss.backward()
    with torch.no_grad():
        w.sub_(w.grad, alpha=0.05)
        w.grad.fill_(0.0)
print([round(v, 3) for v in w.tolist()])
print(round(loss.item(), 4))
