import torch
x = torch.tensor([1.0], requires_grad=True)
y = x
for i in range(30000):
    y = y * 1.0
print(y.grad_fn is not None)
del y
print("freed")
