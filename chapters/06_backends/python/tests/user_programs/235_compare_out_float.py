import torch

a = torch.tensor([1.0, 2.0, 3.0])
b = torch.tensor([2.0, 2.0, 2.0])
out = torch.zeros(3)
r = torch.lt(a, b, out=out)
print(r)
print(out.dtype, r is out)
out_i = torch.zeros(3, dtype=torch.int64)
torch.eq(a, 2.0, out=out_i)
print(out_i)
