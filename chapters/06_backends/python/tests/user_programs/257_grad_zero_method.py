import torch

w = torch.tensor([0.5, -1.0], requires_grad=True)
(w * w).sum().backward()
print(w.grad)
w.grad.zero_()
print(w.grad)
(w * 2).sum().backward()
print(w.grad)
