import torch
import warnings

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
out = torch.zeros(3)
with warnings.catch_warnings(record=True) as ws:
    warnings.simplefilter("always")
    torch.sum(x, 0, out=out)
    torch.eq(x, 2.0, out=torch.zeros(1, dtype=torch.bool))
print(out)
for w in ws:
    print(w.category.__name__, str(w.message).split(".")[0])
