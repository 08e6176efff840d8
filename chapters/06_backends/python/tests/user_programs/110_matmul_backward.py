import torch

w = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
v = torch.tensor([1.0, -1.0], requires_grad=True)
out = (w @ v).sum()
out.backward()
print(w.grad)
print(v.grad)
a = torch.tensor([[1.0, 2.0, 3.0]], requires_grad=True)
b = torch.tensor([[1.0], [0.0], [2.0]], requires_grad=True)
(a @ b).sum().backward()
print(a.grad, b.grad)
