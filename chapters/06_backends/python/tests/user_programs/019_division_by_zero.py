import torch

print(torch.tensor([1.0, -1.0, 0.0]) / 0)
print(torch.tensor([1, -1, 0]) / 0)
print(torch.tensor([1.0]) / torch.tensor([0.0]))
print(torch.exp(torch.tensor([1000.0])))
