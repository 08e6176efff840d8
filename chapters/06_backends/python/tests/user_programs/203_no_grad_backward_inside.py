import torch

x = torch.tensor([2.0], requires_grad=True)
y = x * x
with torch.no_grad():
    y.backward()
print(x.grad)
