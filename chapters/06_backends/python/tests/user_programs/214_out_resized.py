import torch

a = torch.tensor([1.0, 2.0])
out = torch.zeros(5)
torch.add(a, a, out=out)
print(out, out.shape)
empty = torch.empty(0)
torch.mul(a, a, out=empty)
print(empty)
