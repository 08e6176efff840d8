import torch

x = torch.tensor([1.0, 2.0, 3.0])
print(x ** 2)
