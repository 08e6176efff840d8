import torch

a = torch.tensor([1, 2])
print(torch.add(a, a, alpha=1.5))
