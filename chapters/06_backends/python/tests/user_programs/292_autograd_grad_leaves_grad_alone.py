import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
loss = (x * w).sum()
(gx,) = torch.autograd.grad(loss, x, retain_graph=True)
print(gx, x.grad, w.grad)
loss.backward()
print(x.grad, w.grad)
