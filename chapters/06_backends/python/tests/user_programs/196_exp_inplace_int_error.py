import torch

t = torch.tensor([0, 1])
t.exp_()
print(t)
