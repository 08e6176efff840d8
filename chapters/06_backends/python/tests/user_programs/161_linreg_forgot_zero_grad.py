import torch

x = torch.tensor([1.0, 2.0])
y = torch.tensor([2.0, 4.0])
w = torch.tensor([0.5], requires_grad=True)
for step in range(3):
    loss = ((x * w - y) * (x * w - y)).sum()
    loss.backward()
    print(step, w.grad)
    with torch.no_grad():
        w -= 0.01 * w.grad
print(w)
