import torch

print(torch.tensor(3.5))
print(torch.tensor(-2))
print(torch.tensor(True))
print(torch.tensor([]))
print(torch.zeros(0, 3))
print(torch.zeros(2, 0, 3))
