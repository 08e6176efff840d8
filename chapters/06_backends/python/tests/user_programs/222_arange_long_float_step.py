import torch

t = torch.arange(0, 100, 0.1)
print(t.shape)
vals = t.tolist()
print(vals[-1], vals[500], vals[999])
print(torch.arange(0.0, 1.0, 0.3).tolist())
