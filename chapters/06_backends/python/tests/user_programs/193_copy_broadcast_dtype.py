import torch

dst = torch.zeros(2, 3, dtype=torch.int64)
dst.copy_(torch.tensor([1.7, 2.2, -3.9]))
print(dst)
f = torch.zeros(2)
f.copy_(torch.tensor(5))
print(f)
