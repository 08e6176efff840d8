import torch

a = torch.tensor([1.5, 2.5])
c = torch.zeros(2, dtype=torch.int64)
try:
    torch.add(a, a, out=c)
except Exception as e:
    print(type(e).__name__, e)
print(c)
