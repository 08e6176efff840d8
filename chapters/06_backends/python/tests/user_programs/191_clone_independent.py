import torch

a = torch.tensor([1.0, 2.0])
c = a.clone()
c.add_(1)
print(a, c)
v = a.view(2)
v.mul_(10)
print(a)
d = a.detach()
d.fill_(0.0)
print(a)
