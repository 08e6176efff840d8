import torch
t = torch.ones(2, 3)
print("before")
print(torch.autograd.functional)
