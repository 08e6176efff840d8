import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
lr = 0.1
(w * w).sum().backward()
print(w.grad)
w.sub_(lr * w.grad)
print(w)
