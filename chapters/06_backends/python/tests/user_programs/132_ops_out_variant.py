import torch

a = torch.tensor([1.0, 2.0])
out = torch.zeros(2)
r = torch.ops.aten.add.out(a, a, out=out)
print(out)
print(r)
