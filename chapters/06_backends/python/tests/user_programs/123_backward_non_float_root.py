import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x.sum()
y.backward(torch.tensor(1))
print(x.grad)
