import torch

vals = [torch.tensor(3.0), torch.tensor(1.0), torch.tensor(2.0)]
print([v.item() for v in sorted(vals)])
print(max(vals))
