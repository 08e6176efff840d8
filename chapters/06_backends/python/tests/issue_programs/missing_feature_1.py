import torch
t = torch.ones(2, 3)
print("before")
print(t[0])
