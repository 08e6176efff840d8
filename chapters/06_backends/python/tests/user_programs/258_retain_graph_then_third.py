import torch

x = torch.tensor([2.0, 3.0], requires_grad=True)
y = (x * x).sum()
y.backward(retain_graph=True)
print(x.grad)
y.backward()
print(x.grad)
y.backward()
print(x.grad)
