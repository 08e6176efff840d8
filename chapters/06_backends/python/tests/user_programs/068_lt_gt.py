import torch

a = torch.tensor([1.0, 2.0, 3.0])
print(a < 2)
print(a >= 2)
print(a > torch.tensor([0.0, 5.0, 3.0]))
