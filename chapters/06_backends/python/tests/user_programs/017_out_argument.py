import torch

a = torch.tensor([1.0, 2.0])
b = torch.tensor([3.0, 4.0])
c = torch.zeros(2)
r = torch.add(a, b, out=c)
print(c)
print(r)
torch.mul(a, b, out=c)
print(c)
torch.exp(a, out=c)
print(c)
