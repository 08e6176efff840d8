import torch

a = torch.tensor([-1.0, 2.0, -3.0])
print(a * (a > 0))
print(torch.where(a > 0, a, torch.zeros(3)))
