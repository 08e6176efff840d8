import torch
t = torch.ones(2, 3)
print("before")
print(torch.nn.Linear(2, 3))
