import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * x
a = h.sum()
b = (h * 3).sum()
torch.autograd.backward([a, b])
print(x.grad)
torch.autograd.backward(h, torch.tensor([1.0, 0.0]))
