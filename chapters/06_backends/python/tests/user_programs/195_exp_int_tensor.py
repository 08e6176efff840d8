import torch

print(torch.exp(torch.tensor([0, 1])))
print(torch.sin(torch.tensor([0])).dtype)
print(torch.tensor([1, 2]) / torch.tensor([2, 2]))
print(torch.atan2(torch.tensor([1]), torch.tensor([1])).dtype)
