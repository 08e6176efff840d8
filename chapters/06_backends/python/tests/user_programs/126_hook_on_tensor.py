import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 2
y.register_hook(lambda g: print("hook got", g))
y.sum().backward()
print(x.grad)
