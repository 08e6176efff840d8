import torch

print(torch.arange(end=4))
print(torch.arange(start=1, end=4))
print(torch.arange(1, 10, step=4))
print(torch.arange(3, requires_grad=False))
print(torch.arange(0.5, 3.0).dtype)
print(torch.arange(3, dtype=torch.float32, requires_grad=True))
print(torch.arange(3, dtype=torch.int32))
