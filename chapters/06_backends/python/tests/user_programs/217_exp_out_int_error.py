import torch

out = torch.zeros(2, dtype=torch.int64)
torch.exp(torch.tensor([0.0, 1.0]), out=out)
print(out)
