import torch

vals = [torch.tensor(float(i)) for i in range(4)]
total = torch.tensor(0.0)
for v in vals:
    total = total + v * v
print(total, total.item())
print(max(v.item() for v in vals))
