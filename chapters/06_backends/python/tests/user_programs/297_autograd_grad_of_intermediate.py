import torch

x = torch.tensor([1.0, -2.0, 3.0], requires_grad=True)
h = torch.relu(x * 2)
y = (h * h).sum()
gh, gx = torch.autograd.grad(y, [h, x])
print(gh, gx)
print(x.grad)
