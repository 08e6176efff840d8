import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * x
y.backward(torch.tensor([1.0, 0.5]))
print(x.grad)
y2 = x * 3
y2.backward(gradient=torch.tensor([2.0, 2.0]))
print(x.grad)
