import torch

w = torch.tensor([1.0], requires_grad=True)
loss = (w * w).sum()
loss.backward()
w -= 0.1 * w.grad
print(w)
