import torch

t = torch.arange(1500.0)
t = t / torch.zeros(1500)
print(t)
u = torch.arange(1500.0) - 750.0
print(u / 0)
