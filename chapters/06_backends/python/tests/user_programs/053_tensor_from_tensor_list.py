import torch

a = torch.tensor(1.5)
t = torch.tensor([a, a])
print(t)
print(torch.tensor([torch.tensor(1), 2]))
