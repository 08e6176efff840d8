import torch

t = torch.zeros(3)
t[1] = 5.0
print(t)
