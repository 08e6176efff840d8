import torch

v = torch.tensor([1.0, 2.0, 3.0])
print(v.t())
print(v.t().shape)
s = torch.tensor(5.0)
print(s.t())
m = torch.arange(6).view(2, 3)
print(m.t().t().tolist() == m.tolist())
try:
    torch.zeros(2, 3, 4).t()
except Exception as e:
    print(type(e).__name__, e)
print(m.t().is_contiguous(), m.is_contiguous())
