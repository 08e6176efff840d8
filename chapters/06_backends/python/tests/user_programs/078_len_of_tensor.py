import torch

print(len(torch.zeros(4, 2)))
print(len(torch.tensor([1, 2, 3])))
print(len(torch.zeros(0)))
print(len(torch.tensor(5)))
