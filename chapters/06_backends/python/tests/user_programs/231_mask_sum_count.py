import torch

a = torch.tensor([-1.0, 2.0, 0.0, 3.0, -0.5])
m = a > 0
print(m)
print(m.dtype, m.shape)
n = m.sum()
print(n, n.dtype, n.item())
print((a > 0).long().sum())
print((a >= 0).float().sum())
print(a * m)
print((a * m).sum().item())
print((a < 0).sum() + (a > 0).sum())
if a > 0:
    print("positive")
