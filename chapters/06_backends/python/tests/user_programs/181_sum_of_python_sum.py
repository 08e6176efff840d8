import torch

parts = [torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0]), torch.tensor([5.0, 6.0])]
print(sum(parts))
print(sum(p.sum() for p in parts))
